import { afterEach, describe, expect, it } from 'vitest';
import { isSnackbarSwipe } from './snackbar-view';
import { installToastSwipe } from './toast-swipe';

describe('snackbar swipe (docs/product.md, Snackbar)', () => {
  it('closes on more than 50 px either way', () => {
    expect(isSnackbarSwipe(51)).toBe(true);
    expect(isSnackbarSwipe(-51)).toBe(true);
    expect(isSnackbarSwipe(50)).toBe(false);
    expect(isSnackbarSwipe(-20)).toBe(false);
  });
});

describe('toast swipe threshold (docs/product.md, Toasts: 20 px)', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  function swipe(dx: number, dy: number) {
    document.body.innerHTML = '<ol><li data-sonner-toast><span>text</span></li></ol>';
    uninstall = installToastSwipe(document);
    const toast = document.querySelector<HTMLElement>('[data-sonner-toast]');
    const span = toast?.querySelector('span');
    span?.dispatchEvent(
      new PointerEvent('pointerdown', { bubbles: true, clientX: 100, clientY: 100 }),
    );
    span?.dispatchEvent(
      new PointerEvent('pointerup', { bubbles: true, clientX: 100 + dx, clientY: 100 + dy }),
    );
    return toast?.style;
  }

  it('tops a swipe of 20 px or more up to the distance sonner dismisses at', () => {
    expect(swipe(20, 0)?.getPropertyValue('--swipe-amount-x')).toBe('45px');
    expect(swipe(3, 30)?.getPropertyValue('--swipe-amount-y')).toBe('45px');
  });

  it('leaves shorter swipes and swipes away from the corner alone', () => {
    expect(swipe(19, 0)?.getPropertyValue('--swipe-amount-x')).toBe('');
    expect(swipe(-30, 0)?.getPropertyValue('--swipe-amount-x')).toBe('');
  });
});
