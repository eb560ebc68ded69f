import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import '../lib/i18n';
import { OverlayLayer, usePopupLayer } from '../lib/overlay-layer';
import { useOverlay } from '../lib/use-overlay';
import { render } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';
import { OverlayMenu } from './overlay-menu';

/** A field of the dialog's form, as the record dialogs' fields take their layer. */
function KindField() {
  const layer = usePopupLayer();
  const [kind, setKind] = useState('news');
  return (
    <TextField
      select
      id="kind"
      label="kind"
      value={kind}
      onChange={(event) => setKind(event.target.value)}
      slotProps={{ select: layer.select }}
    >
      <MenuItem value="news">news</MenuItem>
      <MenuItem value="article">article</MenuItem>
    </TextField>
  );
}

/** A dialog as every dialog of the site opens one, with a select, a menu and a confirmation. */
function Harness() {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState(false);
  const overlay = useOverlay({ open, onClose: () => setOpen(false) });
  return (
    <>
      <button type="button" data-testid="open" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        onClose={overlay.handleClose}
        sx={{ zIndex: overlay.zIndex }}
        data-testid="dialog"
      >
        <OverlayLayer zIndex={overlay.zIndex}>
          <KindField />
          <button
            type="button"
            data-testid="more"
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            more
          </button>
          {/* The item keeps the menu open, so that the confirmation stacks over it. */}
          <OverlayMenu anchor={anchor} onClose={() => setAnchor(null)} data-testid="menu">
            <MenuItem data-testid="delete" onClick={() => setConfirm(true)}>
              delete
            </MenuItem>
          </OverlayMenu>
          <ConfirmDialog
            open={confirm}
            title="Өчүрөсүзбү?"
            text="Кайтарылбайт."
            confirmLabel="Өчүрүү"
            onConfirm={() => setConfirm(false)}
            onClose={() => setConfirm(false)}
          />
        </OverlayLayer>
      </Dialog>
    </>
  );
}

const zIndexOf = (selector: string) => {
  const element = document.querySelector(selector);
  expect(element, selector).not.toBeNull();
  return getComputedStyle(element!).zIndex;
};

async function click(selector: string) {
  await act(async () => {
    (document.querySelector(selector) as HTMLElement).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

// happy-dom's history.back() would navigate the test document.
let back: MockInstance<() => void>;
beforeEach(() => {
  back = vi.spyOn(history, 'back').mockImplementation(() => {});
});
afterEach(() => back.mockRestore());

describe('stacked overlays (docs/product.md, Overlays: 2000, +10 per layer)', () => {
  it('puts a menu in a dialog, and a confirmation over it, 10 above each other', async () => {
    const view = await render(<Harness />);
    await click('[data-testid="open"]');
    expect(zIndexOf('.MuiDialog-root[data-testid="dialog"]')).toBe('2000');

    // A select's menu in the dialog.
    await act(async () => {
      const combobox = document.querySelector('#kind')!;
      combobox.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const listbox = document.querySelector('[role="listbox"]');
    expect(listbox).not.toBeNull();
    expect(getComputedStyle(listbox!.closest('.MuiPopover-root')!).zIndex).toBe('2010');
    await act(async () => {
      (document.querySelector('[role="listbox"] [data-value="article"]') as HTMLElement).click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    await click('[data-testid="more"]');
    expect(zIndexOf('.MuiMenu-root[data-testid="menu"]')).toBe('2010');

    await click('[data-testid="delete"]');
    const confirm = [...document.querySelectorAll('.MuiDialog-root')].find((root) =>
      root.textContent?.includes('Өчүрөсүзбү?'),
    );
    expect(confirm).toBeDefined();
    expect(getComputedStyle(confirm!).zIndex).toBe('2020');
    await view.unmount();
  });
});
