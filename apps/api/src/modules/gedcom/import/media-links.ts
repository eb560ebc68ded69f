import { RECORD_LIMITS } from '@bagysh/shared';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema';
import type { ImportedFile } from '../../../files/imported-files';
import { birthYearBound, isHidden, livingBirthYearFloor } from '../../../genealogy/privacy';
import type { GedcomNode } from '../read/node';
import type { ImportReport } from '../read/report';
import type { StagedMediaLinkFields } from '../rows';
import { objeLink, type MediaFiles } from './gedzip-media';
import { reserveIds } from './ids';
import type { MapContext, MediaOwner } from './mapping';
import type { StagedPerson } from './staging';
import type { Structure } from './structure';

/**
 * The media pass of a GEDZip archive: pass 2 turns the OBJE links to the archive's staged files
 * into media links (few: held in memory) and the persons' primary photos, which the final move
 * writes once the files are stored.
 */

/**
 * The GEDZip file an OBJE link names, staged and accepted; null when there is none (the link
 * then stays unknown data).
 */
export function stagedMedia(node: GedcomNode, s: Structure, media: MediaFiles | null) {
  const link = objeLink(node);
  const named = link && s.media?.resolve(link);
  const staged = named && media?.get(named.path);
  const file = staged && media?.files[staged.index];
  return link && named && staged && file ? { link, named, staged, file } : null;
}

export type StagedMediaLink = MediaOwner & StagedMediaLinkFields;

/** Where a union's media go: both spouses (by their ids). */
export type UnionSpouses = (unionId: number) => [husband: number, wife: number];

export class MediaLinks {
  readonly links: StagedMediaLink[] = [];
  readonly photos: { person: number; file: number }[] = [];
  private readonly positions = new Map<string, number>();
  private readonly linked = new Set<number>();
  /** The primary photo (a file index) met in the person record being mapped. */
  private primaryPhoto: number | null = null;
  /** The record being mapped, for the warnings of media links. */
  private record: string | null = null;

  private constructor(
    private readonly s: Structure,
    private readonly media: MediaFiles | null,
    private readonly spouses: UnionSpouses,
    private readonly report: ImportReport,
  ) {}

  /** Numbers the staged files with ids of their own. */
  static async reserve(
    db: Db,
    s: Structure,
    media: MediaFiles | null,
    spouses: UnionSpouses,
    report: ImportReport,
  ): Promise<MediaLinks> {
    const fileBase =
      media && media.files.length > 0 ? await reserveIds(db, files, media.files.length) : 0;
    media?.number(fileBase);
    return new MediaLinks(s, media, spouses, report);
  }

  /** The record pass 2 maps next; a person's starts without a primary photo. */
  startRecord(key: string, person: boolean): void {
    this.record = key;
    if (person) this.primaryPhoto = null;
  }

  /** The mapping's `media`: an OBJE link to a staged file becomes a media link. */
  readonly link: MapContext['media'] = (node, target, from) => {
    const found = stagedMedia(node, this.s, this.media);
    if (!found) return false;
    const { link, named, staged, file } = found;
    // Media links hold no family nor citation: a family's file goes to both spouses, a
    // citation's to the record that cites (said in the report, naming the line).
    let owners: MediaOwner[] = [];
    let to: 'spouses' | 'person' | 'event' = 'spouses';
    if ('union_id' in target) {
      owners = this.spouses(target.union_id).map((id) => ({ person_id: id }));
    } else {
      owners = [target];
      to = 'person_id' in target ? 'person' : 'event';
    }
    if (from) this.report.warn(link.line, this.record, 'mediaMoved', named.path, from, to);
    const title = (link.title ?? named.title)?.slice(0, RECORD_LIMITS.titleMaxLength) ?? null;
    for (const owner of owners) {
      const ownerKey =
        'person_id' in owner
          ? `p${owner.person_id}`
          : 'event_id' in owner
            ? `e${owner.event_id}`
            : `s${owner.source_id}`;
      const position = this.positions.get(ownerKey) ?? 0;
      this.positions.set(ownerKey, position + 1);
      this.links.push({ ...owner, file_id: file.id, title, position });
    }
    this.linked.add(staged.index);
    const person = from === undefined && 'person_id' in target;
    if (link.primary && person && staged.kind === 'image' && this.primaryPhoto === null) {
      this.primaryPhoto = staged.index;
    }
    return true;
  };

  /**
   * The staged person's primary photo, if its record had one. Every person photo is public
   * (guests see person pages), which a living or restricted (RESN) person's must not be: that
   * one stays a members-only file among the person's media.
   */
  personPhoto(person: StagedPerson, line: number): void {
    if (this.primaryPhoto === null) return;
    // The family's part of the rule is computed once the persons are in the tree; a
    // qualified birth date (`AFT 1920`) is read here already.
    const bound = birthYearBound(person.birthYear, person.birthDate);
    const presumed =
      person.deathYear === null &&
      person.deathDate === null &&
      bound !== null &&
      bound > livingBirthYearFloor();
    const living = isHidden({
      is_living: person.isLiving,
      presumed_living: presumed,
      is_private: person.isLiving || person.resn !== null || presumed,
      death_year: person.deathYear,
      death_date: person.deathDate,
      birth_year: person.birthYear,
    });
    if (living) this.report.warn(line, this.record, 'livingPhoto');
    else {
      this.media?.setVisibility(this.primaryPhoto, 'public');
      this.photos.push({ person: person.id, file: this.media?.files[this.primaryPhoto]?.id ?? 0 });
    }
  }

  /** The files to store: those no link took (say, of a family's event without spouses) are not. */
  storedFiles(): ImportedFile[] {
    return this.media?.files.filter((_, index) => this.linked.has(index)) ?? [];
  }

  /** Links and photos follow the files stored before with the same name and bytes. */
  reuse(reused: ReadonlyMap<number, number>): void {
    for (const link of this.links) link.file_id = reused.get(link.file_id) ?? link.file_id;
    for (const photo of this.photos) photo.file = reused.get(photo.file) ?? photo.file;
  }
}
