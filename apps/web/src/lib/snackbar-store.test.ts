import { beforeEach, describe, expect, it } from 'vitest';
import { useSnackbarStore } from './snackbar-store';

const initial = useSnackbarStore.getState();
beforeEach(() => useSnackbarStore.setState(initial, true));

describe('snackbar store (docs/product.md, Snackbar)', () => {
  it('starts hidden, empty, 3000 ms, purple', () => {
    expect(useSnackbarStore.getState()).toMatchObject({
      isVisible: false,
      message: '',
      timeout: 3000,
      color: 'purple',
    });
  });

  it('show(message, timeout, color) sets all three and makes it visible', () => {
    useSnackbarStore.getState().show('notices.success', 4000, 'success');
    expect(useSnackbarStore.getState()).toMatchObject({
      isVisible: true,
      message: 'notices.success',
      timeout: 4000,
      color: 'success',
    });
  });

  it('without a timeout or colour leaves them to the display: 5000 ms, secondary', () => {
    useSnackbarStore.getState().show('Ката');
    expect(useSnackbarStore.getState()).toMatchObject({ timeout: 0, color: 'secondary' });
  });

  it('hide() hides it', () => {
    useSnackbarStore.getState().show('x');
    useSnackbarStore.getState().hide();
    expect(useSnackbarStore.getState().isVisible).toBe(false);
  });
});
