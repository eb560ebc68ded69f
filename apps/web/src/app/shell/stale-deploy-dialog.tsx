import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaleDeployStore } from '../../lib/preload-error';
import { useScript } from '../../lib/script';
import { useOverlay } from '../../lib/use-overlay';

const styles: Record<'dialog' | 'title' | 'text' | 'actions' | 'button', CSSProperties> = {
  dialog: {
    border: 'none',
    borderRadius: 12,
    padding: 0,
    width: 'min(400px, calc(100% - 32px))',
    boxShadow: '0 11px 15px -7px rgba(0,0,0,.2), 0 24px 38px 3px rgba(0,0,0,.14)',
    fontFamily: 'inherit',
    color: 'rgba(0,0,0,.87)',
  },
  title: { margin: 0, padding: '20px 24px 8px', fontSize: 20, fontWeight: 600 },
  text: { margin: 0, padding: '0 24px 16px', color: 'rgba(0,0,0,.6)', lineHeight: 1.5 },
  actions: { display: 'flex', justifyContent: 'flex-end', padding: '8px 16px 16px' },
  button: {
    font: 'inherit',
    fontWeight: 600,
    padding: '8px 18px',
    border: 'none',
    borderRadius: 8,
    background: '#E65100',
    color: '#fff',
    cursor: 'pointer',
  },
};

/**
 * Offers a reload after a page script failed to load (a new version was deployed). It is
 * persistent: there is nothing else to do, so Escape, an outside click and Back only pulse it.
 * A native `<dialog>` with inline styles, in the initial bundle: after a deploy no further
 * chunk of the old version can be loaded, this dialog's included. `reloadHref` is where the
 * visitor was going (the pending navigation) or the current page.
 */
export function StaleDeployDialog({ reloadHref }: { reloadHref: () => string }) {
  const { t } = useTranslation();
  const script = useScript();
  const open = useStaleDeployStore((state) => state.stale);
  const overlay = useOverlay({ open, onClose: () => {}, persistent: true });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const target = useRef<string | null>(null);
  const { contentRef, handleClose } = overlay;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    // Where the failed navigation was going, before Back or anything else can cancel it.
    target.current ??= reloadHref();
    if (!dialog.open) dialog.showModal();
  }, [open, reloadHref]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="stale-deploy-title"
      aria-describedby="stale-deploy-text"
      data-testid="stale-deploy-dialog"
      style={{ ...styles.dialog, zIndex: overlay.zIndex }}
      onCancel={(event) => {
        event.preventDefault(); // Escape
        handleClose(event, 'escapeKeyDown');
      }}
      onClose={(event) => {
        // The browser may close a modal dialog on a repeated Escape regardless: reopen it.
        event.currentTarget.showModal();
        handleClose(event, 'escapeKeyDown');
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on its ::backdrop, outside the content.
        if (event.target === event.currentTarget) handleClose(event, 'backdropClick');
      }}
    >
      <div
        ref={(element) => {
          contentRef.current = element;
        }}
      >
        <h2 id="stale-deploy-title" style={styles.title}>
          {script.text(t('stale.title'))}
        </h2>
        <p id="stale-deploy-text" style={styles.text}>
          {script.text(t('stale.text'))}
        </p>
        <div style={styles.actions}>
          <button
            type="button"
            autoFocus
            style={styles.button}
            onClick={() => window.location.assign(target.current ?? reloadHref())}
            {...script.label(t('stale.reload'))}
          >
            {script.text(t('stale.reload'))}
          </button>
        </div>
      </div>
    </dialog>
  );
}
