import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon';
import '../../../lib/i18n/areas/genealogy-search';
import { loadProviders, withProviders } from '../../../lib/providers';
import { useScript } from '../../../lib/script';
import styles from './deferred-person-search.module.css';
import type { PersonSearchProps } from './person-search';

/**
 * The picker (Autocomplete, its popper, the search API), asked for once, with MUI's theme and
 * the query cache: the landing page has neither before (lib/providers.tsx).
 */
let picker: Promise<ComponentType<PersonSearchProps>> | undefined;
const loadPicker = () =>
  (picker ??= Promise.all([import('./person-search'), loadProviders()]).then(([{ PersonSearch }]) =>
    withProviders(PersonSearch),
  ));

interface Started {
  Picker: ComponentType<PersonSearchProps>;
  open: boolean;
}

/**
 * The name search of the home page and of /search (a choice calls `onSelect`).
 *
 * Until the visitor turns to it, the box is drawn as the picker draws it (an outlined field
 * with its list button, the same ids and sizes) without the picker's code nor MUI's, which
 * neither page's first paint needs (the first-paint budget): plain elements styled as MUI
 * styles them (deferred-person-search.module.css). Focusing the box or pressing its
 * button loads the picker; what was typed meanwhile goes over to it, and it takes the focus in
 * the same render, so no keystroke is lost: an Enter meanwhile opens the best match once the
 * picker is there.
 */
export function DeferredPersonSearch({
  id,
  label,
  onSelect,
}: Pick<PersonSearchProps, 'label' | 'onSelect'> & { id: string }) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const [input, setInput] = useState('');
  const [started, setStarted] = useState<Started | null>(null);
  // Enter before the picker's code came (a quick typist, a slow line): the picker acts on it.
  const [entered, setEntered] = useState(false);
  // FormControl's states: the label shrinks onto the outline when the box is focused or filled.
  const [focused, setFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const shrink = focused || input !== '';
  const labelId = `${id}-label`;

  const start = (open: boolean) =>
    void loadPicker().then((Picker) => setStarted((current) => current ?? { Picker, open }));

  return (
    <>
      {started ? (
        <started.Picker
          id={id}
          label={label}
          onSelect={onSelect}
          defaultInput={input}
          defaultOpen={started.open || input !== ''}
          defaultEnter={entered}
          autoFocus
        />
      ) : (
        // Autocomplete's root, the TextField's FormControl, its label and input root.
        <div className={styles.root}>
          <div
            className={[styles.control, shrink && styles.shrink, focused && styles.focused]
              .filter(Boolean)
              .join(' ')}
          >
            <label htmlFor={id} id={labelId} data-shrink={shrink} className={styles.label}>
              {script.field(label)}
            </label>
            <div
              className={styles.input}
              // As InputBase: a click on the box's padding or outline focuses the text box.
              onClick={(event) => {
                if (event.target === event.currentTarget) inputRef.current?.focus();
              }}
            >
              <input
                ref={inputRef}
                id={id}
                type="text"
                aria-invalid={false}
                className={styles.field}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                enterKeyHint="search"
                value={input}
                onChange={(event) => setInput(event.target.value)}
                onFocus={() => {
                  setFocused(true);
                  start(false);
                }}
                onBlur={() => setFocused(false)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || input.trim() === '') return;
                  event.preventDefault();
                  setEntered(true);
                  start(false);
                }}
              />
              <div className={styles.end}>
                <button
                  type="button"
                  className={styles.button}
                  tabIndex={-1}
                  aria-label={t('search.open')}
                  title={t('search.open')}
                  onClick={() => start(true)}
                >
                  <PlainIcon icon="arrowDropDown" />
                </button>
              </div>
              {/* NotchedOutline: the legend, the label at its shrunk size, cuts the gap. */}
              <fieldset aria-hidden="true" className={styles.outline}>
                <legend className={styles.legend}>
                  <span>{script.field(label)}</span>
                </legend>
              </fieldset>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
