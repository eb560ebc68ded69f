import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, useAppStore, type Language } from '../../lib/app-store';
import { RuneOutline } from '../../components/rune-outline';
import { LANGUAGE_PILL_RUNES } from '../../config/runes-language-pill';

/**
 * The two pill buttons of the header (spec §1): ky and old_ky. Each pill names its script in
 * that script, whatever the current language, so either can be found.
 */
export function LanguageSwitch({ onDark }: { onDark: boolean }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);

  // The rune pill as outlines: a Cyrillic page does not download the rune font for it.
  const pillText = (code: Language) =>
    code === 'old_ky' ? (
      <RuneOutline outline={LANGUAGE_PILL_RUNES} fontSize={13} />
    ) : (
      t('language.kyShort')
    );

  return (
    <Box
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
      sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}
    >
      {LANGUAGES.map((code) => {
        const selected = code === language;
        return (
          <Box
            component="button"
            type="button"
            key={code}
            aria-pressed={selected}
            title={t(`language.${code}`)}
            data-language={code}
            onClick={() => setLanguage(code)}
            sx={(theme) => {
              const main = onDark ? '#fff' : theme.palette.primary.dark;
              return {
                minWidth: 40,
                height: 30,
                px: 1,
                borderRadius: 999,
                border: '1px solid',
                borderColor: onDark ? alpha('#fff', 0.75) : main,
                font: 'inherit',
                fontSize: 13,
                fontWeight: 600,
                lineHeight: 1,
                cursor: 'pointer',
                color: selected ? (onDark ? theme.palette.primary.dark : '#fff') : main,
                bgcolor: selected ? main : 'transparent',
                transition: theme.transitions.create(['background-color', 'color'], {
                  duration: theme.transitions.duration.shortest,
                }),
                '&:hover': { bgcolor: selected ? main : alpha(main, 0.14) },
                '&:focus-visible': { outline: '2px solid', outlineColor: main, outlineOffset: 2 },
              };
            }}
          >
            {/* The full name is the accessible name; the short one is only for the eye (an
                aria-label that leaves out the visible text confuses voice control). */}
            <span aria-hidden="true">{pillText(code)}</span>
            <Box component="span" sx={visuallyHidden}>
              {t(`language.${code}`)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
