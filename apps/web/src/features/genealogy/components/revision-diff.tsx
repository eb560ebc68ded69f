import {
  formatDateKy,
  parseGedcomDate,
  personIdsOf,
  personLabel,
  REVISION_PERSON_FIELDS,
  type EventType,
  type NameKind,
  type ParentRelation,
  type Revision,
} from '@bagysh/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import { useFileUrl } from '../../../lib/use-file-url';
import { recordLines, revisionDiff, show, type RecordWords } from '../lib/diff';
import { PersonLabel } from '../../../components/person-label';

const DATE_FIELDS: ReadonlySet<string> = new Set(['birth_date', 'death_date']);

/** The title a revision's `linked_*` list gives the record `id`, if it brings one. */
function titleOf<T extends { id: number }>(
  list: readonly T[],
  id: number,
  title: (record: T) => string,
): string | undefined {
  const found = list.find((record) => record.id === id);
  return (found && title(found)) || undefined;
}

/**
 * The person page's words for a record line; places, sources, notes and files by the titles the
 * revision brings (`linked_places`, `linked_sources`, `linked_notes`, `linked_files`), by number
 * only when it brings none (a record deleted since).
 */
function useRecordWords(revision: Revision): RecordWords {
  const { t } = useTranslation('person');
  const {
    linked_places: places,
    linked_sources: sources,
    linked_notes: notes,
    linked_files: files,
  } = revision;
  return useMemo(
    () => ({
      event: (type: EventType, customType: string | null) =>
        type === 'other' ? (customType ?? t('event.other')) : t(`event.${type}`),
      nameKind: (kind: NameKind) => t(`nameKind.${kind}`),
      relation: (relation: ParentRelation) => t(`family.relation.${relation}`),
      father: t('family.father'),
      mother: t('family.mother'),
      position: (n: number) => t('family.position', { n }),
      place: (id: number) => titleOf(places, id, (place) => place.full_name) ?? `№${id}`,
      source: (id: number) =>
        titleOf(sources, id, (source) => source.title) ?? t('diff.source', { id }),
      page: t('citation.page'),
      note: (id: number) => titleOf(notes, id, (note) => note.excerpt) ?? t('diff.note', { id }),
      file: (id: number) => titleOf(files, id, (file) => file.name) ?? t('diff.file', { id }),
    }),
    [t, places, sources, notes, files],
  );
}

/**
 * How a revision's field values are shown: persons by their labels, linked (inside record lists
 * too), record lists one line per item, dates as the timeline writes them, a photo as itself.
 */
export function useFieldValue(revision: Revision): (field: string, raw: unknown) => ReactNode {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const words = useRecordWords(revision);
  const linked = new Map(revision.linked_persons.map((person) => [person.id, person]));
  const label = (field: string) => t(`fieldNames.${field}`, { defaultValue: field });
  // A person is an id: the moderator sees the person's label, linked to the person's page.
  const personLink = (id: number, key?: number) => {
    const person = linked.get(id);
    return (
      <Link
        key={key ?? id}
        component={RouterLink}
        to={paths.person(id)}
        data-diff-person={id}
        {...(person ? script.label(personLabel(person)) : {})}
      >
        {person ? <PersonLabel person={person} /> : `#${id}`}
      </Link>
    );
  };
  const persons = (ids: number[]) => (
    <Stack spacing={0.5} component="span">
      {ids.map((id) => personLink(id))}
    </Stack>
  );
  // A photo is a file id: the moderator sees the picture, not the number.
  return (field: string, raw: unknown) => {
    const shown = show(raw);
    const ids = REVISION_PERSON_FIELDS.has(field) ? personIdsOf(raw) : [];
    if (ids.length > 0) return persons(ids);
    const lines = recordLines(field, raw, words);
    if (lines) {
      if (lines.length === 0) return '—';
      return (
        <Stack spacing={0.5} component="span" data-diff-lines={field}>
          {lines.map((parts, line) => (
            <span key={line} data-diff-line="">
              {parts.map((part, index) =>
                typeof part === 'string' ? script.text(part) : personLink(part.person, index),
              )}
            </span>
          ))}
        </Stack>
      );
    }
    // A GEDCOM date reads as the timeline writes it ("болжол менен 1850").
    if (DATE_FIELDS.has(field) && typeof raw === 'string') {
      const date = parseGedcomDate(raw);
      if (date.valid) return script.text(formatDateKy(date));
    }
    return field === 'photo_file_id' && /^\d+$/.test(shown) ? (
      <DiffPhoto fileId={shown} alt={`${label(field)} ${shown}`} />
    ) : (
      script.text(shown)
    );
  };
}

/**
 * A photo of a revision, fetched with the reader's token: only members read revisions, and a
 * living person's photo is members-only.
 */
function DiffPhoto({ fileId, alt }: { fileId: string; alt: string }) {
  const image = useFileUrl(`/api/files/${fileId}/download/`, false);
  return (
    <Box
      component="img"
      src={image.src ?? undefined}
      alt={alt}
      data-testid="diff-photo"
      sx={{ display: 'block', height: 72, maxWidth: 120, objectFit: 'cover', borderRadius: 1 }}
    />
  );
}

/** A revision's before/after table, field by field (values as `useFieldValue` shows them). */
export function RevisionDiff({ revision }: { revision: Revision }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const value = useFieldValue(revision);
  const rows = revisionDiff(revision);
  const label = (field: string) => t(`fieldNames.${field}`, { defaultValue: field });
  return (
    <Table size="small" sx={{ '& td': { verticalAlign: 'top', wordBreak: 'break-word' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{script.text(t('diff.field'))}</TableCell>
          <TableCell>{script.text(t('diff.before'))}</TableCell>
          <TableCell>{script.text(t('diff.after'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field}>
            <TableCell>{script.text(label(row.field))}</TableCell>
            <TableCell sx={{ color: 'error.main' }}>{value(row.field, row.beforeValue)}</TableCell>
            <TableCell sx={{ color: 'success.main' }}>{value(row.field, row.afterValue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
