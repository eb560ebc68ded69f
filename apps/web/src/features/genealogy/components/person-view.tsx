import type { Person, PersonLink, PersonSummary } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useAncestors, useChildren, usePerson, usePersonArticles } from '../api/genealogy-api';
import { isModerator, yearsText } from '../lib/format';
import { PersonEditor } from './person-editor';
import { RevisionHistory } from './revision-history';

function PersonLinkText({ person }: { person: PersonLink | PersonSummary }) {
  const script = useScript();
  const years = 'birth_year' in person ? yearsText(person.birth_year, person.death_year) : '';
  return (
    <Link component={RouterLink} to={paths.person(person.id)} {...script.label(person.name)}>
      {script.text(person.name)}
      {years ? ` (${years})` : ''}
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const script = useScript();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        gap: 1,
        py: 0.75,
      }}
    >
      <Typography color="text.secondary" component="dt">
        {script.text(label)}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const script = useScript();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {script.text(title)}
      </Typography>
      {children}
    </Paper>
  );
}

/** "Туулган: 1890, Талас". */
function lifeEvent(year: number | null, date: string | null, place: string | null): string | null {
  const parts = [date ?? (year === null ? null : String(year)), place].filter(
    (part): part is string => part !== null && part !== '',
  );
  return parts.length ? parts.join(', ') : null;
}

/** The person page (/persons/{id}): facts, family, lineage, articles, history, proposals. */
export function PersonView({ id }: { id: number }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const person = usePerson(id);
  usePageTitle(person.data?.name);

  if (person.isPending) {
    return (
      <Stack spacing={2} sx={{ mt: 3 }} aria-busy="true" aria-label={t('loading')}>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
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
  return <PersonDetails person={person.data} />;
}

function PersonDetails({ person }: { person: Person }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const user = useSessionStore((state) => state.user);
  const logged = useSessionStore((state) => state.logged);
  const ancestors = useAncestors(person.id);
  const children = useChildren(person.id);
  const articles = usePersonArticles(person.id);
  const years = yearsText(person.birth_year, person.death_year);
  const born = lifeEvent(person.birth_year, person.birth_date, person.birth_place);
  const died = lifeEvent(person.death_year, person.death_date, person.death_place);

  return (
    <Stack spacing={2.5} sx={{ mt: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
          {script.text(person.name)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          {years && <Chip label={years} />}
          {!person.restricted && (
            <Chip label={script.text(t(`sex.${person.sex}`))} variant="outlined" />
          )}
          <Chip
            label={script.text(t('person.generation', { n: person.generation }))}
            variant="outlined"
          />
          {person.living && <Chip color="success" label={script.text(t('person.living'))} />}
          {person.clan && (
            <Chip color="primary" variant="outlined" label={script.text(person.clan.name)} />
          )}
        </Stack>
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <LinkButton to={`${paths.search()}?person=${person.id}`} variant="contained">
            {script.text(t('person.showInTree'))}
          </LinkButton>
          <LinkButton to={`${paths.comparison()}?a=${person.id}`} variant="outlined">
            {script.text(t('person.compareWith'))}
          </LinkButton>
          {logged && !person.restricted && (
            <PersonEditor person={person} moderator={isModerator(user)} />
          )}
        </Stack>
      </Box>

      <Section title={t('person.lineage')}>
        {ancestors.isPending ? (
          <Skeleton variant="text" />
        ) : ancestors.isError ? (
          <Alert severity="error">{script.text(ancestors.error.message)}</Alert>
        ) : ancestors.data.results.length === 0 ? (
          <Typography color="text.secondary">{script.text(t('person.isRoot'))}</Typography>
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

      {person.restricted ? (
        <Alert severity="info" data-testid="restricted">
          {script.text(t('person.restricted'))}
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: person.photo_file_id ? '2fr 1fr' : '1fr' },
          }}
        >
          <Section title={t('person.facts')}>
            <Box component="dl" sx={{ m: 0 }} data-testid="person-facts">
              <Fact label={t('person.born')}>{born ? script.text(born) : '—'}</Fact>
              <Fact label={t('person.died')}>{died ? script.text(died) : '—'}</Fact>
              <Fact label={t('person.father')}>
                {person.father ? <PersonLinkText person={person.father} /> : '—'}
              </Fact>
              <Fact label={t('person.mother')}>
                {person.mother ? <PersonLinkText person={person.mother} /> : '—'}
              </Fact>
              <Fact label={t('person.spouses')}>
                {person.spouses.length
                  ? person.spouses.map((spouse, index) => (
                      <span key={spouse.id}>
                        {index > 0 && ', '}
                        <PersonLinkText person={spouse} />
                      </span>
                    ))
                  : '—'}
              </Fact>
              <Fact label={t('person.clan')}>
                {person.clan ? script.text(person.clan.name) : '—'}
              </Fact>
            </Box>
            {person.biography && (
              <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }} data-testid="biography">
                {script.text(person.biography)}
              </Typography>
            )}
          </Section>
          {person.photo_file_id && (
            <Box
              component="img"
              src={`/api/files/${person.photo_file_id}/download/`}
              // Screen readers cannot read runes: the alt text stays Cyrillic.
              alt={person.name}
              data-testid="person-photo"
              sx={{ width: '100%', borderRadius: 2, objectFit: 'cover', maxHeight: 420 }}
            />
          )}
        </Box>
      )}

      <Section title={t('person.children', { count: person.child_count })}>
        {children.isPending ? (
          <Skeleton variant="text" />
        ) : children.isError ? (
          <Alert severity="error">{script.text(children.error.message)}</Alert>
        ) : children.data.length === 0 ? (
          <Typography color="text.secondary">{script.text(t('person.noChildren'))}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ m: 0, pl: 3, columns: { xs: 1, sm: 2, md: 3 } }}
            data-testid="children"
          >
            {children.data.map((child) => (
              <li key={child.id}>
                <PersonLinkText person={child} />
              </li>
            ))}
          </Box>
        )}
      </Section>

      <Section title={t('person.articles')}>
        {articles.isPending ? (
          <Skeleton variant="text" />
        ) : articles.isError ? (
          <Alert severity="error">{script.text(articles.error.message)}</Alert>
        ) : articles.data.results.length === 0 ? (
          <Typography color="text.secondary">{script.text(t('person.noArticles'))}</Typography>
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

      {logged && <RevisionHistory personId={person.id} moderator={isModerator(user)} />}
    </Stack>
  );
}
