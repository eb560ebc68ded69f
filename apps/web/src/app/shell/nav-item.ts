import styles from './nav-item.module.css';

/** A header link's class names (nav-item.module.css): on the hero or not, in runes or not. */
export function navItemClass(onDark: boolean, runes: boolean, className?: string): string {
  return [styles.item, onDark && styles.onDark, runes && styles.runes, className]
    .filter(Boolean)
    .join(' ');
}

export const manageClass = styles.manage;
