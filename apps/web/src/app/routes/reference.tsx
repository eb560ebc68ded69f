import { kinshipTerms, runeAlphabet } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
// The area's messages register when this module runs: a type-only import would drop them.
import '../../lib/i18n/areas/reference';
import type { reference } from '../../lib/i18n/areas/reference';
import { useScript } from '../../lib/script';

type Meaning = keyof (typeof reference)['kinship']['meanings'];

/** The kinship words the page explains, in the order of docs/kyrgyz.md, Kinship. */
const KINSHIP_ROWS: readonly (readonly [word: string | undefined, meaning: Meaning])[] = [
  [kinshipTerms.father, 'father'],
  [kinshipTerms.mother, 'mother'],
  [kinshipTerms.grandfather, 'grandfather'],
  [kinshipTerms.grandmother, 'grandmother'],
  [kinshipTerms.maternalGrandfather, 'maternalGrandfather'],
  [kinshipTerms.maternalGrandmother, 'maternalGrandmother'],
  [kinshipTerms.maleAncestors[3], 'greatGrandfather'],
  [kinshipTerms.maleAncestors[4], 'greatGreatGrandfather'],
  [kinshipTerms.son, 'son'],
  [kinshipTerms.daughter, 'daughter'],
  [kinshipTerms.descendants[2], 'grandchild'],
  [kinshipTerms.descendants[3], 'greatGrandchild'],
  [kinshipTerms.elderBrother, 'elderBrother'],
  [kinshipTerms.youngerBrother, 'youngerBrother'],
  [kinshipTerms.elderSister, 'elderSister'],
  [kinshipTerms.youngerSisterOfMan, 'youngerSisterOfMan'],
  [kinshipTerms.youngerSisterOfWoman, 'youngerSisterOfWoman'],
  [kinshipTerms.mothersBrother, 'mothersBrother'],
  [kinshipTerms.mothersSister, 'mothersSister'],
  [kinshipTerms.sistersChild, 'sistersChild'],
  [kinshipTerms.paternalCousin, 'paternalCousin'],
  [kinshipTerms.maternalCousin, 'maternalCousin'],
  [kinshipTerms.fatherInLaw, 'fatherInLaw'],
  [kinshipTerms.motherInLaw, 'motherInLaw'],
  [kinshipTerms.elderBrothersWife, 'elderBrothersWife'],
  [kinshipTerms.youngerBrothersWife, 'youngerBrothersWife'],
  [kinshipTerms.elderSistersHusband, 'elderSistersHusband'],
  [kinshipTerms.brothersWives, 'brothersWives'],
  [kinshipTerms.sistersHusbands, 'sistersHusbands'],
  [kinshipTerms.coFather, 'coFather'],
  [kinshipTerms.coMother, 'coMother'],
];

type Guide = 'search' | 'tree' | 'compare' | 'propose';
const GUIDES: readonly { id: Guide; to: () => string }[] = [
  { id: 'search', to: paths.search },
  { id: 'tree', to: paths.persons },
  { id: 'compare', to: paths.comparison },
  { id: 'propose', to: paths.contacts },
];
const SECTIONS = [...GUIDES.map((guide) => guide.id), 'jetiAta', 'kinship', 'runes'] as const;

const tableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    textAlign: 'left',
    verticalAlign: 'top',
    py: 0.75,
    px: 1,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& th': { fontWeight: 600 },
} as const;

/**
 * Маалымдама: a static help page for visitors and members — how to search, read the tree,
 * compare two persons and propose a correction; what жети ата and the kinship words mean; the
 * rune alphabet. Its words come from the shared kinship terms and rune table, so the page says
 * what the site does.
 */
export function Component() {
  const { t } = useTranslation('reference');
  const { t: tShell } = useTranslation();
  const script = useScript();
  const heading = (id: (typeof SECTIONS)[number]) => (
    <Typography variant="h5" component="h2" id={`reference-${id}`} sx={{ mt: 4, mb: 1.5 }}>
      {script.text(t(`${id}.heading`))}
    </Typography>
  );
  const paragraphs = (texts: readonly string[]) =>
    texts.map((text) => (
      <Typography key={text} sx={{ mb: 1 }}>
        {script.text(text)}
      </Typography>
    ));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 28, md: 34 } }}>
        {script.text(tShell('titles.reference'))}
      </Typography>
      <Typography sx={{ mt: 1 }}>{script.text(t('intro'))}</Typography>

      <Box component="nav" aria-label={t('contents')} sx={{ mt: 2 }}>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {SECTIONS.map((id) => (
            <li key={id}>
              <Link href={`#reference-${id}`} {...script.label(t(`${id}.heading`))}>
                {script.text(t(`${id}.heading`))}
              </Link>
            </li>
          ))}
        </Box>
      </Box>

      {GUIDES.map(({ id, to }) => (
        <section key={id} aria-labelledby={`reference-${id}`}>
          {heading(id)}
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {(t(`${id}.steps`, { returnObjects: true }) as readonly string[]).map((step) => (
              <Typography component="li" key={step} sx={{ mb: 0.75 }}>
                {script.text(step)}
              </Typography>
            ))}
          </Box>
          <Link component={RouterLink} to={to()} {...script.label(t(`${id}.link`))}>
            {script.text(t(`${id}.link`))}
          </Link>
        </section>
      ))}

      <section aria-labelledby="reference-jetiAta">
        {heading('jetiAta')}
        {paragraphs(t('jetiAta.text', { returnObjects: true }))}
      </section>

      <section aria-labelledby="reference-kinship">
        {heading('kinship')}
        <Typography sx={{ mb: 1 }}>{script.text(t('kinship.intro'))}</Typography>
        <Box component="table" sx={tableSx}>
          <thead>
            <tr>
              <th scope="col">{script.text(t('kinship.word'))}</th>
              <th scope="col">{script.text(t('kinship.meaning'))}</th>
            </tr>
          </thead>
          <tbody>
            {KINSHIP_ROWS.filter(([word]) => word).map(([word, meaning]) => (
              <tr key={meaning}>
                <Box component="td" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {script.text(word ?? '')}
                </Box>
                <td>{script.text(t(`kinship.meanings.${meaning}`))}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </section>

      <section aria-labelledby="reference-runes">
        {heading('runes')}
        {paragraphs(t('runes.text', { returnObjects: true }))}
        <Box component="table" sx={{ ...tableSx, maxWidth: 420 }} data-testid="rune-alphabet">
          <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
            {script.text(t('runes.caption'))}
          </caption>
          <thead>
            <tr>
              <th scope="col">{script.text(t('runes.letter'))}</th>
              <th scope="col">{script.text(t('runes.back'))}</th>
              <th scope="col">{script.text(t('runes.front'))}</th>
            </tr>
          </thead>
          <tbody>
            {runeAlphabet().map(({ letter, back, front }) => (
              <tr key={letter}>
                {/* The letter the row explains: Cyrillic in both scripts. */}
                <Box component="th" scope="row" lang="ky" sx={{ fontSize: 18 }}>
                  {letter}
                </Box>
                {back === null ? (
                  <td colSpan={2}>{script.text(t('runes.dropped'))}</td>
                ) : (
                  <>
                    <Box component="td" sx={{ fontSize: 22 }}>
                      <bdi dir="rtl" lang="ky-Orkh">
                        {back}
                      </bdi>
                    </Box>
                    <Box component="td" sx={{ fontSize: 22 }}>
                      {front && (
                        <bdi dir="rtl" lang="ky-Orkh">
                          {front}
                        </bdi>
                      )}
                    </Box>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </Box>
      </section>
    </Container>
  );
}
