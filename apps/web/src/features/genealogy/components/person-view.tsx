import type { Person } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import '../../../lib/i18n/areas/person';
import { usePageTitle } from '../../../lib/page-title';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import {
  getPersonArticlesQueryOptions,
  useFamily,
  usePersonArticles,
} from '../api/person-page-api';
import { useMyPersonClaims } from '../api/person-claims-api';
import { useAncestors, usePerson } from '../api/tree-reads';
import { isModerator } from '../lib/format';
import { buildTimeline, galleryMedia, numberSources } from '../lib/person-page';
import type { RecordEdit } from '../lib/records-form';
import { PersonFamilySection } from './person-family-section';
import { PersonGallery } from './person-gallery';
import { PersonHeader } from './person-header';
import { PersonHeaderActions, type HeaderAction } from './person-header-actions';
import { PersonNotes, PersonSources } from './person-sources';
import { RelationToMeLine } from './relation-to-me';
import { PersonTimeline } from './person-timeline';
import { Section } from './person-section';

/** A module with forms, and zod's Kyrgyz messages for them (the page has no form of its own). */
const withValidation = <M,>(module: Promise<M>) =>
  Promise.all([module, import('../../../lib/validation')]).then(([loaded]) => loaded);
// The record editors load when a member first opens one, not with the page.
const RecordsEditor = lazy(() => withValidation(import('./records-editor')));
// What only a signed-in reader sees (the header's edit actions with their dialogs and forms,
// the history) is no part of a guest's page: zod and MUI's form parts come with it.
const loadPersonEditor = () => withValidation(import('./person-editor'));
const PersonEditor = lazy(() => loadPersonEditor().then((m) => ({ default: m.PersonEditor })));
const ThisIsMeDialog = lazy(() =>
  import('./this-is-me-dialog').then((m) => ({ default: m.ThisIsMeDialog })),
);
const RevisionHistory = lazy(() =>
  import('./revision-history').then((m) => ({ default: m.RevisionHistory })),
);

/**
 * The file preview the page opens from its gallery. The files feature owns it; the route
 * passes it in (features do not import each other).
 */
export type FilePreviewComponent = ComponentType<{ fileId: number; onClose: () => void }>;

/**
 * Controls of other features drawn after the header's actions (the notices' follow button, the
 * print dialog's button).
 */
export type HeaderExtraComponent = ComponentType<{ personId: number; personName: string }>;

/**
 * The person page (/persons/{id}): header, lineage, timeline with citations, family, gallery,
 * sources, notes, articles, history and proposals.
 */
export function PersonView({
  id,
  FilePreview,
  HeaderExtra,
}: {
  id: number;
  FilePreview: FilePreviewComponent;
  HeaderExtra?: HeaderExtraComponent;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const person = usePerson(id);
  const logged = useSessionStore((state) => state.logged);
  usePageTitle(person.data?.name);
  // A reader who is signed in gets the editor's code while the person loads.
  useEffect(() => {
    if (logged) void loadPersonEditor();
  }, [logged]);

  // Drawn as deferred work once the person is in, as the body is below: React renders the
  // page in slices between frames while the skeleton stays, not in one long task.
  const shown = useDeferredValue(person.data);
  if (person.isError) {
    return (
      <Alert
        sx={{ mt: 3 }}
        severity="error"
        action={
          person.error instanceof ApiError && person.error.status === 404 ? undefined : (
            <Button color="inherit" onClick={() => void person.refetch()}>
              {script.text(t('retry'))}
            </Button>
          )
        }
      >
        {script.text(person.error.message)}
      </Alert>
    );
  }
  if (!shown) return <PageSkeleton />;
  // A signed-in reader's header waits for the editor's code (asked for above, with the person)
  // as the rest of the page waits for the person: the actions come all at once.
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PersonDetails person={shown} FilePreview={FilePreview} HeaderExtra={HeaderExtra} />
    </Suspense>
  );
}

/** The whole page while the person (or a signed-in reader's editor code) loads. */
function PageSkeleton() {
  const { t } = useTranslation('genealogy');
  return (
    <Stack spacing={2.5} sx={{ mt: 2 }} role="status" aria-busy="true" aria-label={t('loading')}>
      <Stack direction="row" spacing={{ xs: 2, sm: 3 }}>
        <Skeleton
          variant="rounded"
          sx={{ width: { xs: 96, sm: 140 }, height: { xs: 96, sm: 140 } }}
        />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" width="60%" height={48} />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="30%" />
        </Box>
      </Stack>
      <BodySkeleton />
    </Stack>
  );
}

function PersonDetails({
  person,
  FilePreview,
  HeaderExtra,
}: {
  person: Person;
  FilePreview: FilePreviewComponent;
  HeaderExtra?: HeaderExtraComponent;
}) {
  const { t } = useTranslation('genealogy');
  const { t: tp } = useTranslation('person');
  const script = useScript();
  const user = useSessionStore((state) => state.user);
  const logged = useSessionStore((state) => state.logged);
  const ancestors = useAncestors(person.id);
  const family = useFamily(person.id);
  // Asked for with the family, drawn by PersonArticles (its answer redraws only that section).
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(getPersonArticlesQueryOptions(person.id));
  }, [queryClient, person.id]);
  const [openFile, setOpenFile] = useState<number | null>(null);
  const [recordEdit, setRecordEdit] = useState<RecordEdit | null>(null);
  const [claiming, setClaiming] = useState(false);
  // "Бул мен" while the account has no person and no request waiting (the server checks again).
  const claims = useMyPersonClaims();
  const mayClaim =
    logged && claims.data !== undefined && !claims.data.linked && !claims.data.pending;
  // Signed-in readers edit the records (a member's change is a proposal); nobody edits a
  // person whose details the answer hides.
  const onEdit = logged && !person.restricted ? setRecordEdit : undefined;
  // A person a guest may not see in full has no timeline, gallery or biography: the family
  // takes the whole width rather than a right column beside an empty one.
  const leftColumn = !person.restricted || Boolean(person.biography);
  const { sources, numbers } = useMemo(() => numberSources(person), [person]);
  const timeline = useMemo(
    () => buildTimeline(person.events, family.data?.unions ?? []),
    [person.events, family.data],
  );
  const media = useMemo(() => galleryMedia(person), [person]);
  const links: HeaderAction[] = [
    {
      key: 'tree',
      label: t('person.showInTree'),
      to: `${paths.search()}?person=${person.id}`,
      variant: 'contained',
      primary: true,
    },
    // A guest has only the links: two of them stay buttons on a phone.
    {
      key: 'compare',
      label: t('person.compareWith'),
      to: `${paths.comparison()}?a=${person.id}`,
      primary: !onEdit,
    },
    { key: 'pedigree', label: t('person.pedigree'), to: paths.pedigree(person.id) },
    { key: 'descendants', label: t('person.descendants'), to: paths.descendants(person.id) },
    { key: 'fan', label: t('person.fan'), to: paths.fan(person.id), testId: 'person-fan' },
    {
      key: 'map',
      label: t('person.map'),
      to: `${paths.map()}?person=${person.id}`,
      testId: 'person-map',
    },
    {
      key: 'branch-map',
      label: t('person.branchMap'),
      to: `${paths.map()}?branch=${person.id}`,
      testId: 'person-branch-map',
    },
    // Signed-in readers merge a duplicate into this person (a member's merge is a proposal).
    ...(onEdit
      ? [
          {
            key: 'merge',
            label: t('merge.action'),
            to: paths.personMerge(person.id),
            testId: 'person-merge',
          },
        ]
      : []),
    ...(mayClaim
      ? [
          {
            key: 'this-is-me',
            label: t('claims.action'),
            onClick: () => setClaiming(true),
            testId: 'this-is-me',
          },
        ]
      : []),
  ];
  const recordActions: HeaderAction[] = onEdit
    ? [
        {
          key: 'names',
          label: tp('edit.names'),
          onClick: () => onEdit({ kind: 'names' }),
          testId: 'edit-names',
        },
        {
          key: 'parents',
          label: tp('edit.parents'),
          onClick: () => onEdit({ kind: 'parents' }),
          testId: 'edit-parents',
        },
      ]
    : [];
  const unionCitations = useMemo(
    () => new Map(person.unions.map((union) => [union.id, union.citations])),
    [person.unions],
  );
  const unionNotes = useMemo(
    () => new Map(person.unions.map((union) => [union.id, union.notes])),
    [person.unions],
  );

  const header = (
    <>
      <PersonHeader
        person={person}
        numbers={numbers}
        actions={
          onEdit ? (
            <PersonEditor person={person} moderator={isModerator(user)}>
              {(editorActions) => (
                <PersonHeaderActions
                  actions={[
                    ...links.slice(0, 1),
                    ...editorActions.slice(0, 1),
                    ...links.slice(1),
                    ...editorActions.slice(1, -1),
                    ...recordActions,
                    ...editorActions.slice(-1),
                  ]}
                />
              )}
            </PersonEditor>
          ) : (
            <PersonHeaderActions actions={links} />
          )
        }
        extra={HeaderExtra ? <HeaderExtra personId={person.id} personName={person.name} /> : null}
      />
      {logged && <RelationToMeLine personId={person.id} />}
      {claiming && (
        <Suspense fallback={null}>
          <ThisIsMeDialog person={person} onClose={() => setClaiming(false)} />
        </Suspense>
      )}
    </>
  );

  // The lineage and the timeline (it holds the unions' events) wait for their reads: drawn as
  // each came, they pushed everything below them down (a CLS of 0.1–0.2 in Lighthouse).
  // Once both are in, the body is drawn as deferred work, which React does in slices between
  // the browser's frames: done at once, on a slow phone it held the main thread for 150–250 ms
  // (Total Blocking Time). The skeleton stays until the body is ready.
  const bodyShown = useDeferredValue(!ancestors.isPending && !family.isPending);
  if (ancestors.isPending || family.isPending || !bodyShown) {
    return (
      <Stack spacing={2.5} sx={{ mt: 2 }} aria-busy="true">
        {header}
        <BodySkeleton />
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5} sx={{ mt: 2 }}>
      {header}

      <Section title={t('person.lineage')}>
        {ancestors.isError ? (
          <Alert severity="error">{script.text(ancestors.error.message)}</Alert>
        ) : ancestors.data.results.length === 0 ? (
          <Typography color="textSecondary">{script.text(t('person.isRoot'))}</Typography>
        ) : (
          <Breadcrumbs
            separator="←"
            aria-label={t('person.lineage')}
            maxItems={40}
            sx={{ '& ol': { flexWrap: 'wrap' } }}
            data-testid="lineage"
          >
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {script.text(person.name)}
            </Typography>
            {ancestors.data.results.map((ancestor) => (
              <Link
                key={ancestor.id}
                component={RouterLink}
                to={paths.person(ancestor.id)}
                {...script.label(ancestor.name)}
              >
                {script.text(ancestor.name)}
              </Link>
            ))}
          </Breadcrumbs>
        )}
      </Section>

      {person.restricted && (
        <Alert severity="info" data-testid="restricted">
          {script.text(t('person.restricted'))}
        </Alert>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: leftColumn ? 'minmax(0, 3fr) minmax(0, 2fr)' : 'minmax(0, 1fr)',
          },
        }}
        data-testid="person-columns"
      >
        {/* Two columns from md; on a phone one column, the family right after the timeline. */}
        {leftColumn && (
          <Stack
            spacing={2.5}
            useFlexGap
            sx={{ minWidth: 0, display: { xs: 'contents', md: 'flex' } }}
          >
            {!person.restricted && (
              <Box sx={{ order: { xs: 1, md: 0 } }}>
                <PersonTimeline
                  items={timeline}
                  numbers={numbers}
                  onOpen={setOpenFile}
                  onEdit={onEdit}
                />
              </Box>
            )}
            {person.biography && (
              <Box sx={{ order: { xs: 2, md: 0 } }}>
                <Section title={t('fields.biography')}>
                  <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="biography">
                    {script.text(person.biography)}
                  </Typography>
                </Section>
              </Box>
            )}
            {!person.restricted && (
              <Box sx={{ order: { xs: 4, md: 0 } }}>
                <PersonGallery media={media} onOpen={setOpenFile} onEdit={onEdit} />
              </Box>
            )}
          </Stack>
        )}
        <Stack
          spacing={2.5}
          useFlexGap
          sx={{ minWidth: 0, display: { xs: 'contents', md: 'flex' } }}
        >
          <Box sx={{ order: { xs: 3, md: 0 } }}>
            <PersonFamilySection
              family={family}
              marks={{ unionCitations, unionNotes, numbers }}
              restricted={person.restricted}
              onEdit={onEdit}
            />
          </Box>
          {!person.restricted && (
            <Box sx={{ order: { xs: 5, md: 0 } }}>
              <PersonSources sources={sources} onEdit={onEdit} />
            </Box>
          )}
          {!person.restricted && (
            <Box sx={{ order: { xs: 6, md: 0 } }}>
              <PersonNotes notes={person.notes} onEdit={onEdit} />
            </Box>
          )}
        </Stack>
      </Box>

      <PersonArticles personId={person.id} />

      {logged && (
        <Suspense fallback={null}>
          <RevisionHistory personId={person.id} moderator={isModerator(user)} />
        </Suspense>
      )}
      {openFile !== null && <FilePreview fileId={openFile} onClose={() => setOpenFile(null)} />}
      {recordEdit && (
        <Suspense fallback={null}>
          <RecordsEditor
            person={person}
            edit={recordEdit}
            moderator={isModerator(user)}
            onClose={() => setRecordEdit(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** Articles about the person: their own component, so their answer redraws only them. */
function PersonArticles({ personId }: { personId: number }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const articles = usePersonArticles(personId);
  return (
    <Section title={t('person.articles')}>
      {articles.isPending ? (
        <Skeleton variant="text" />
      ) : articles.isError ? (
        <Alert severity="error">{script.text(articles.error.message)}</Alert>
      ) : articles.data.results.length === 0 ? (
        <Typography color="textSecondary">{script.text(t('person.noArticles'))}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {articles.data.results.map((article) => (
            <li key={article.id}>
              <Link component={RouterLink} to={paths.personArticle(article.id)}>
                {script.text(article.title)}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** The lineage, the timeline and the family while they load. */
function BodySkeleton() {
  return (
    <>
      <Skeleton variant="rounded" height={56} />
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Skeleton variant="rounded" height={240} />
        <Skeleton variant="rounded" height={240} />
      </Box>
    </>
  );
}
