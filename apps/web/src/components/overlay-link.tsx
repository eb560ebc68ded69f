import { forwardRef, type MouseEvent } from 'react';
import { Link, useNavigate, type LinkProps } from 'react-router';
import { whenHistoryIdle } from '../lib/overlays';

interface OverlayLinkProps extends LinkProps {
  /** Closes the overlay the link sits in. */
  onNavigate: () => void;
}

/**
 * A link inside a menu or the drawer: it closes the overlay first and navigates once the
 * overlay's history entry is gone, so Back from the new page returns to the page before.
 */
export const OverlayLink = forwardRef<HTMLAnchorElement, OverlayLinkProps>(function OverlayLink(
  { onNavigate, to, onClick, ...props },
  ref,
) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    onNavigate();
    whenHistoryIdle(() => void navigate(to));
  };
  return <Link ref={ref} to={to} onClick={handleClick} {...props} />;
});
