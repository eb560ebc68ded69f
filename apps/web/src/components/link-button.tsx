import { alpha, darken, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './link-button.module.css';

export type LinkButtonVariant = 'contained' | 'outlined' | 'text';

/**
 * Button looks for plain `<a>` and `<button>` elements: the header and the error page use
 * these rather than MUI's Button, whose ripple and loading machinery would weigh on the
 * landing page's initial JavaScript.
 */
export function buttonSx(
  variant: LinkButtonVariant,
  tone: 'primary' | 'light' = 'primary',
): (theme: Theme) => SystemStyleObject<Theme> {
  return (theme) => {
    // primary.dark is the brand orange darkened for text (config/theme.ts).
    const main = tone === 'light' ? '#fff' : theme.palette.primary.dark;
    const onMain =
      tone === 'light' ? theme.palette.primary.dark : theme.palette.primary.contrastText;
    return {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 0.75,
      minHeight: 36,
      px: 2,
      py: 0.75,
      borderRadius: 2,
      border: '1px solid',
      borderColor: variant === 'text' ? 'transparent' : main,
      bgcolor: variant === 'contained' ? main : 'transparent',
      color: variant === 'contained' ? onMain : main,
      font: 'inherit',
      fontSize: 14,
      fontWeight: 600,
      lineHeight: 1.5,
      textDecoration: 'none',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      transition: theme.transitions.create(['background-color', 'border-color', 'color'], {
        duration: theme.transitions.duration.shortest,
      }),
      '&:hover': {
        bgcolor:
          variant === 'contained'
            ? tone === 'light'
              ? alpha('#fff', 0.9)
              : darken(theme.palette.primary.dark, 0.2)
            : alpha(main, 0.12),
      },
      '&:focus-visible': { outline: '2px solid', outlineColor: main, outlineOffset: 2 },
    };
  };
}

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
