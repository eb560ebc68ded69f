DROP TABLE "gedcom_staging_citations" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_events" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_names" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_note_links" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_notes" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_parent_families" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_sources" CASCADE;--> statement-breakpoint
DROP TABLE "gedcom_staging_unions" CASCADE;--> statement-breakpoint
-- Added by hand: the staging tables of an import's records other than persons, each with the
-- columns gedcom-import.ts stages of its target table and the target's types, filled by COPY.
-- Scratch space like gedcom_staging: unlogged, no index, no constraint, not in the Drizzle
-- schema (drizzle-kit cannot express UNLOGGED nor a table made from another).
CREATE UNLOGGED TABLE "gedcom_staging_notes" AS
  SELECT NULL::uuid AS job_id, id, text, is_private, extra
  FROM "notes" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_sources" AS
  SELECT NULL::uuid AS job_id, id, kind, title, author, publication, repository, call_number, url, told_date, told_place_id, text, note, extra
  FROM "sources" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_names" AS
  SELECT NULL::uuid AS job_id, id, person_id, kind, given, surname, nickname, prefix, suffix, full_name, name_key, alternative, position, extra
  FROM "person_names" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_events" AS
  SELECT NULL::uuid AS job_id, id, person_id, union_id, type, custom_type, value, date, date_sort, place_id, note, position, extra
  FROM "events" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_citations" AS
  SELECT NULL::uuid AS job_id, source_id, person_id, event_id, union_id, name_id, page, quality, note, position, extra
  FROM "citations" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_note_links" AS
  SELECT NULL::uuid AS job_id, note_id, person_id, event_id, union_id, source_id, position
  FROM "note_links" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_parent_families" AS
  SELECT NULL::uuid AS job_id, child_id, father_id, mother_id, relation, position
  FROM "parent_families" WITH NO DATA;--> statement-breakpoint
CREATE UNLOGGED TABLE "gedcom_staging_unions" AS
  SELECT NULL::uuid AS job_id, id, extra
  FROM "unions" WITH NO DATA;
