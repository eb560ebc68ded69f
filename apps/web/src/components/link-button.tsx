import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './link-button.module.css';

export type LinkButtonVariant = 'contained' | 'outlined' | 'text';

/** The class names of a plain `<a>` or `<button>` that looks like a button (link-button.module.css). */
export function buttonClass(
  variant: LinkButtonVariant,
  tone: 'primary' | 'light' = 'primary',
  className?: string,
): string {
  return [styles.button, styles[variant], tone === 'light' && styles.light, className]
    .filter(Boolean)
    .join(' ');
}

export type LinkButtonProps = LinkProps & {
  variant?: LinkButtonVariant;
  tone?: 'primary' | 'light';
};

/** A router link that looks like a button, drawn without MUI (the landing page's frame). */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { variant = 'contained', tone = 'primary', className, ...props },
  ref,
) {
  return <Link ref={ref} {...props} className={buttonClass(variant, tone, className)} />;
});
