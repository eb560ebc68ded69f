import type { CSSProperties } from 'react';
import styles from './rune-outline.module.css';

/**
 * A rune text a Cyrillic page shows, drawn from the rune font's outlines
 * (config/runes-*.ts) so that the font is downloaded only once the reader chose runes.
 * Decoration for the eye: the accessible text is given beside it.
 */
export function RuneOutline({
  outline: { text, viewBox, emHeight, d },
  fontSize,
  className,
}: {
  /** One of config/runes-*.ts. */
  outline: { text: string; viewBox: string; emHeight: number; d: string };
  /** The font size it stands in for, in px; without it, the class's `--rune-size` (or 1em). */
  fontSize?: number;
  /** Its place, and `--rune-size` where the size changes with the width. */
  className?: string;
}) {
  const style = {
    '--rune-em': emHeight,
    ...(fontSize === undefined ? {} : { '--rune-size': `${fontSize}px` }),
  } as CSSProperties;
  return (
    <svg
      aria-hidden
      data-runes={text}
      viewBox={viewBox}
      className={[styles.outline, className].filter(Boolean).join(' ')}
      style={style}
    >
      <path d={d} />
    </svg>
  );
}
