import { useTranslation } from 'react-i18next';
import { LANGUAGES, useAppStore, type Language } from '../../lib/app-store';
import { RuneOutline } from '../../components/rune-outline';
import { LANGUAGE_PILL_RUNES } from '../../config/runes-language-pill';
import styles from './header-controls.module.css';

/**
 * The two pill buttons of the header (docs/product.md, Languages): ky and old_ky. Each pill names
 * its script in that script, whatever the current language, so either can be found.
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
    <div
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
      className={styles.languages}
    >
      {LANGUAGES.map((code) => (
        <button
          type="button"
          key={code}
          aria-pressed={code === language}
          title={t(`language.${code}`)}
          data-language={code}
          onClick={() => setLanguage(code)}
          className={onDark ? `${styles.pill} ${styles.pillOnDark}` : styles.pill}
        >
          {/* The full name is the accessible name; the short one is only for the eye (an
              aria-label that leaves out the visible text confuses voice control). */}
          <span aria-hidden="true">{pillText(code)}</span>
          <span className="visually-hidden">{t(`language.${code}`)}</span>
        </button>
      ))}
    </div>
  );
}
