import { toRunes } from '@bagysh/shared';
import { useMemo, type ReactNode } from 'react';
import { useAppStore } from './app-store';

/** How text appears in the current language: as it is (ky) or in Old Turkic runes (old_ky). */
export interface Script {
  /** True in the old_ky mode. */
  runes: boolean;
  /**
   * Text to show: in runes, an isolated right-to-left `<bdi>` (runes are written right to left;
   * the page itself stays ltr, docs/kyrgyz.md, Rune rules). Never for what the user types into an
   * input. Nothing (undefined) for a missing or empty value, e.g. a field without an error.
   */
  text(value: string | null | undefined): ReactNode;
  /** The same as a plain string, for places that take no markup (the tab title). */
  plain(value: string): string;
  /**
   * Accessible-name props for an interactive element showing `value`: screen readers cannot
   * read runes, so links and buttons keep the Cyrillic in aria-label and title.
   */
  label(value: string): { 'aria-label'?: string; title?: string };
  /**
   * A form field's label (TextField, select, checkbox): in runes to the eye, while the
   * Cyrillic, hidden on screen, stays the accessible name of the input it labels.
   */
  field(value: string): ReactNode;
}

/** Runes wrapped for display; exported for components that render outside React state. */
export function runesElement(value: string): ReactNode {
  return (
    <bdi dir="rtl" lang="ky-Orkh">
      {toRunes(value)}
    </bdi>
  );
}

/** Off screen but read by screen readers (MUI's visuallyHidden). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

function runesField(value: string): ReactNode {
  return (
    <>
      <bdi dir="rtl" lang="ky-Orkh" aria-hidden="true">
        {toRunes(value)}
      </bdi>
      <span style={VISUALLY_HIDDEN}>{value}</span>
    </>
  );
}

function makeScript(runes: boolean): Script {
  return runes
    ? {
        runes,
        text: (value) => (value ? runesElement(value) : undefined),
        plain: toRunes,
        label: (value) => ({ 'aria-label': value, title: value }),
        field: runesField,
      }
    : {
        runes,
        text: (value) => value || undefined,
        plain: (value) => value,
        label: () => ({}),
        field: (value) => value,
      };
}

const KY = makeScript(false);
const OLD_KY = makeScript(true);

/**
 * The current script. Every component showing text uses it (directly or through `<Text>`), so
 * switching the language re-renders the whole UI at once, without a reload.
 */
export function useScript(): Script {
  const runes = useAppStore((state) => state.language === 'old_ky');
  return useMemo(() => (runes ? OLD_KY : KY), [runes]);
}
