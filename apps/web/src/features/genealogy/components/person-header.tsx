import type { Person } from '@bagysh/shared';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/i18n/areas/person';
import { useScript } from '../../../lib/script';
import { useSessionStore } from '../../../lib/session-store';
import { useFileUrl } from '../../../lib/use-file-url';
import { yearsText } from '../lib/format';
import { primaryPhoto } from '../lib/person-page';
import { CitationMarks } from './citation-marks';

const PHOTO_SIZE = { xs: 96, sm: 140 };

/**
 * The chosen photo, else the first linked image, else a quiet placeholder. A member's may be a
 * members-only file (a living person's, say), which an `<img>` cannot fetch without the
 * token: signed in, the photo is fetched with it; a guest is only ever given public photos.
 */
function Photo({ person }: { person: Person }) {
  const { t } = useTranslation('person');
  const photo = primaryPhoto(person);
  const signedIn = useSessionStore((state) => state.logged);
  const image = useFileUrl(
    photo && `/api/files/${photo.fileId}/${photo.chosen ? 'download' : 'thumbnail'}/`,
    !signedIn,
  );
  const frame = {
    width: PHOTO_SIZE,
    height: PHOTO_SIZE,
    flexShrink: 0,
    borderRadius: 2,
  } as const;
  if (!photo || image.error) {
    return (
      <Box
        role="img"
        aria-label={t('header.noPhoto')}
        data-testid="person-photo-placeholder"
        sx={{
          ...frame,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.disabled',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <PersonOutlinedIcon sx={{ fontSize: { xs: 48, sm: 72 } }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={image.src ?? undefined}
      // Screen readers cannot read runes: the alt text stays Cyrillic.
      alt={person.name}
      data-testid="person-photo"
      sx={{ ...frame, objectFit: 'cover', border: 1, borderColor: 'divider' }}
    />
  );
}

/** Photo, name with other names and nickname, life span, generation, clan; then `actions`. */
export function PersonHeader({
  person,
  numbers,
  actions,
  extra,
}: {
  person: Person;
  numbers: ReadonlyMap<number, number>;
  actions: ReactNode;
  /** Another feature's control after the actions (the follow button). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('person');
  const { t: tg } = useTranslation('genealogy');
  const script = useScript();
  const years = yearsText(person.birth_year, person.death_year);
  const others = person.names.filter((name) => name.full_name !== person.name);
  const nicknames = [
    ...new Set(person.names.flatMap((name) => (name.nickname ? [name.nickname] : []))),
  ];
  const ownNameCitations = person.names
    .filter((name) => name.full_name === person.name)
    .flatMap((name) => name.citations);

  return (
    <Box
      component="header"
      sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, alignItems: 'flex-start' }}
    >
      <Photo person={person} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: 26, md: 34 }, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {script.text(person.name)}
          </Typography>
          <CitationMarks citations={[...ownNameCitations, ...person.citations]} numbers={numbers} />
        </Box>
        {nicknames.length > 0 && (
          <Typography color="textSecondary" data-testid="person-nickname">
            {script.text(t('header.nickname', { name: nicknames.join(', ') }))}
          </Typography>
        )}
        {others.length > 0 && (
          <Typography
            color="textSecondary"
            data-testid="person-other-names"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {script.text(`${t('header.otherNames')}: `)}
            {others.map((name, index) => (
              <span key={name.id}>
                {index > 0 && '; '}
                {script.text(`${name.full_name} (${t(`nameKind.${name.kind}`)})`)}
                <CitationMarks citations={name.citations} numbers={numbers} />
              </span>
            ))}
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          {years && <Chip label={years} data-testid="person-years" />}
          {!person.restricted && (
            <Chip label={script.text(tg(`sex.${person.sex}`))} variant="outlined" />
          )}
          <Chip
            label={script.text(tg('person.generation', { n: person.generation }))}
            variant="outlined"
          />
          {person.living && <Chip color="success" label={script.text(tg('person.living'))} />}
          {person.clan && (
            <Chip color="primary" variant="outlined" label={script.text(person.clan.name)} />
          )}
        </Stack>
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {actions}
          {extra}
        </Stack>
      </Box>
    </Box>
  );
}
