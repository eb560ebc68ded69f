import styles from './plain-icon.module.css';

/** MUI's icons the frame and the landing page draw without MUI (their path data). */
export const ICON_PATHS = {
  arrowDropDown: 'm7 10 5 5 5-5z',
  arrowForward: 'm12 4-1.41 1.41L16.17 11H4v2h12.17l-5.58 5.59L12 20l8-8z',
  expandMore: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
  menu: 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z',
  person:
    'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
} as const;

/**
 * An MUI icon drawn as MUI's SvgIcon draws it, without MUI's code: `@mui/icons-material` would
 * bring MUI's styling engine into the landing page's first paint (the first-paint budget).
 */
export function PlainIcon({
  icon,
  small = false,
  className,
}: {
  icon: keyof typeof ICON_PATHS;
  small?: boolean;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      className={[styles.icon, small && styles.small, className].filter(Boolean).join(' ')}
    >
      <path d={ICON_PATHS[icon]} />
    </svg>
  );
}
