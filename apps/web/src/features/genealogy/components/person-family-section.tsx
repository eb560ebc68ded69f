import {
  formatDateKy,
  personLabel,
  type Citation,
  type FamilyChild,
  type FamilyMember,
  type FamilySibling,
  type FamilyUnion,
  type NoteRef,
  type PersonEvent,
  type PersonFamily,
} from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PersonLabel } from '../../../components/person-label';
import { paths } from '../../../config/paths';
import '../../../lib/i18n/areas/genealogy';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import type { RecordEdit } from '../lib/records-form';
import { CitationMarks } from './citation-marks';
import { RowButton, SectionButton } from './record-buttons';
import { Empty, Section } from './person-section';
import { useEventTitle } from '../hooks/use-event-title';

/**
 * A relative: a link labelled by name, father, grandfather and the years the viewer may see,
 * and a note ("атасы бир…", "асырап алган баласы").
 */
function Relative({ person, note }: { person: FamilyMember; note?: string }) {
  const script = useScript();
  return (
    <Box component="span" data-relative={person.id} sx={{ overflowWrap: 'anywhere' }}>
      <Link
        component={RouterLink}
        to={paths.person(person.id)}
        {...script.label(personLabel(person))}
      >
        <PersonLabel person={person} />
      </Link>
      {note && (
        <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 0.75 }}>
          ({script.text(note)})
        </Typography>
      )}
    </Box>
  );
}

function Group({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const script = useScript();
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" component="h3" color="textSecondary" sx={{ mb: 0.5 }}>
        {script.text(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** Children, an adopted or fostered one labelled so. */
function Children({ people }: { people: readonly FamilyChild[] }) {
  const { t } = useTranslation('person');
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="children">
      {people.map((person) => (
        <li key={`${person.id}-${person.relation}`} data-child={person.relation}>
          <Relative
            person={person}
            note={
              person.relation === 'birth' ? undefined : t(`family.childRelation.${person.relation}`)
            }
          />
        </li>
      ))}
    </Box>
  );
}

/** What the person answer holds of each union, by union id. */
interface Marks {
  /** A union's own citations. */
  unionCitations: ReadonlyMap<number, readonly Citation[]>;
  /** A union's notes (the answer leaves out those the viewer may not read). */
  unionNotes: ReadonlyMap<number, readonly NoteRef[]>;
  numbers: ReadonlyMap<number, number>;
}

const NO_MARKS: Marks = { unionCitations: new Map(), unionNotes: new Map(), numbers: new Map() };

function siblingNote(sibling: FamilySibling, t: TFunction<'person'>): string | undefined {
  if (sibling.relation !== 'birth') return t(`family.siblingRelation.${sibling.relation}`);
  return sibling.kind === 'paternal' || sibling.kind === 'maternal'
    ? t(`family.sibling.${sibling.kind}`)
    : undefined;
}

function FamilyContent({
  family,
  marks,
  restricted,
  onEdit,
}: {
  family: PersonFamily;
  marks: Marks;
  restricted: boolean;
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const script = useScript();
  const eventTitle = useEventTitle();
  const { parents, unions, siblings } = family;
  const unionLabel = (union: FamilyUnion) => {
    if (union.union_id === null) return `${t('family.otherParent')}:`;
    const label = t(`family.spouse.${union.spouse?.sex ?? 'U'}`);
    return union.position === null
      ? `${label}:`
      : `${label} (${t('family.position', { n: union.position })}):`;
  };
  const eventLine = (event: PersonEvent) => {
    const title = eventTitle(event);
    const parts = [event.date ? formatDateKy(event.date) : null, event.place?.full_name ?? null];
    const details = parts.filter(Boolean).join(', ');
    return details ? `${title}: ${details}` : title;
  };
  const married = unions.filter((union) => union.union_id !== null || union.spouse !== null);
  const unknown = unions.find((union) => union.union_id === null && union.spouse === null);
  // Of a person the viewer may not see in full, what is not shown is hidden, not missing.
  const hidden = restricted && (
    <Typography color="textSecondary" data-testid="family-restricted">
      {script.text(t('family.hidden'))}
    </Typography>
  );
  if (parents.length === 0 && unions.length === 0 && siblings.length === 0) {
    if (hidden) return hidden;
    return (
      <Stack spacing={1}>
        <Empty text={t('empty.family')} />
        <Empty text={t('family.noChildren')} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5}>
      {parents.length > 0 && (
        <Group title={t('family.parents')} testId="family-parents">
          <Stack spacing={1}>
            {parents.map((family, index) => (
              <Box key={index} data-parents={family.relation}>
                {(parents.length > 1 || family.relation !== 'birth') && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {script.text(t(`family.relation.${family.relation}`))}
                  </Typography>
                )}
                <Box
                  component="dl"
                  sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}
                >
                  {family.father && (
                    <>
                      <Typography component="dt" color="textSecondary">
                        {script.text(t('family.father'))}
                      </Typography>
                      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                        <Relative person={family.father} />
                      </Box>
                    </>
                  )}
                  {family.mother && (
                    <>
                      <Typography component="dt" color="textSecondary">
                        {script.text(t('family.mother'))}
                      </Typography>
                      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                        <Relative person={family.mother} />
                      </Box>
                    </>
                  )}
                </Box>
              </Box>
            ))}
          </Stack>
        </Group>
      )}

      {unions.length === 0 && restricted ? null : (
        <Group title={t('family.spouses')} testId="family-unions">
          {unions.length === 0 ? (
            <Empty text={t('family.noChildren')} />
          ) : (
            <Stack spacing={1.5}>
              {married.map((union, index) => (
                <Box
                  key={union.union_id ?? `p${union.spouse?.id ?? index}`}
                  data-union={union.spouse?.id}
                >
                  {union.spouse && (
                    <Typography component="div">
                      <Typography component="span" color="textSecondary" sx={{ mr: 0.75 }}>
                        {script.text(unionLabel(union))}
                      </Typography>
                      <Relative person={union.spouse} />
                      {union.union_id !== null && (
                        <CitationMarks
                          citations={marks.unionCitations.get(union.union_id) ?? []}
                          numbers={marks.numbers}
                        />
                      )}
                      {onEdit && union.union_id !== null && (
                        <UnionButtons spouse={union.spouse} onEdit={onEdit} />
                      )}
                    </Typography>
                  )}
                  {union.events.map((event) => (
                    <Typography
                      key={event.id}
                      variant="body2"
                      color="textSecondary"
                      data-union-event={event.type}
                    >
                      {script.text(eventLine(event))}
                    </Typography>
                  ))}
                  {union.union_id !== null &&
                    (marks.unionNotes.get(union.union_id) ?? []).map((note) => (
                      <Typography
                        key={note.id}
                        variant="body2"
                        sx={{ whiteSpace: 'pre-line', mt: 0.5 }}
                        data-union-note={note.id}
                      >
                        {script.text(note.text)}
                      </Typography>
                    ))}
                  {union.children.length > 0 ? (
                    <Children people={union.children} />
                  ) : (
                    <Empty text={t('family.noChildren')} />
                  )}
                </Box>
              ))}
              {unknown && (
                <Box>
                  {married.length > 0 && (
                    <Typography color="textSecondary">
                      {script.text(t('family.otherChildren'))}
                    </Typography>
                  )}
                  <Children people={unknown.children} />
                </Box>
              )}
            </Stack>
          )}
        </Group>
      )}

      {siblings.length > 0 && (
        <Group title={t('family.siblings')} testId="family-siblings">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {siblings.map((sibling) => (
              <li
                key={sibling.id}
                data-sibling={sibling.relation === 'birth' ? sibling.kind : sibling.relation}
              >
                <Relative person={sibling} note={siblingNote(sibling, t)} />
              </li>
            ))}
          </Box>
        </Group>
      )}
      {hidden}
    </Stack>
  );
}

/** Edit and remove beside a union's spouse, named by the spouse. */
function UnionButtons({
  spouse,
  onEdit,
}: {
  spouse: FamilyMember;
  onEdit: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const name = personLabel(spouse);
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', ml: 0.5 }}>
      <RowButton
        kind="edit"
        label={t('edit.editUnion', { name })}
        onClick={() => onEdit({ kind: 'union', spouseId: spouse.id })}
      />
      <RowButton
        kind="remove"
        label={t('edit.removeUnion', { name })}
        onClick={() => onEdit({ kind: 'removeUnion', spouseId: spouse.id })}
      />
    </Box>
  );
}

/**
 * Parents (birth, adoptive…), spouses with their notes and children, siblings: links to their
 * pages. `restricted`: the viewer may not see the person in full (privacy.ts), so the section
 * says so instead of "no children recorded".
 */
export function PersonFamilySection({
  family,
  marks = NO_MARKS,
  restricted = false,
  onEdit,
}: {
  family: UseQueryResult<PersonFamily>;
  marks?: Marks;
  restricted?: boolean;
  /** With it, unions (marriages) are added, edited and taken away. */
  onEdit?: (edit: RecordEdit) => void;
}) {
  const { t } = useTranslation('person');
  const script = useScript();
  return (
    <Section
      title={t('sections.family')}
      testId="person-family"
      action={
        onEdit && (
          <SectionButton
            label={t('edit.addUnion')}
            onClick={() => onEdit({ kind: 'union', spouseId: null })}
            testId="add-union"
          />
        )
      }
    >
      {family.isPending ? (
        <Stack spacing={1} aria-busy="true">
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="50%" />
        </Stack>
      ) : family.isError ? (
        <Alert severity="error">{script.text(family.error.message)}</Alert>
      ) : (
        <FamilyContent family={family.data} marks={marks} restricted={restricted} onEdit={onEdit} />
      )}
    </Section>
  );
}
