import { create } from 'zustand';
import { SNACKBAR_DEFAULTS } from '../config/constants';

interface SnackbarState {
  isVisible: boolean;
  /** A message key of the catalogue, or a text shown as it is (an API error message). */
  message: string;
  /** Milliseconds; 0 lets the displayed snackbar use its own default (5000 ms). */
  timeout: number;
  /** A theme palette name (`secondary`, `success`, `error`…) or a CSS colour. */
  color: string;
  show: (message: string, timeout?: number, color?: string) => void;
  hide: () => void;
}

/**
 * The snackbar notice (docs/product.md, Snackbar): hidden, '', 3000 ms, purple until something
 * shows one.
 */
export const useSnackbarStore = create<SnackbarState>()((set) => ({
  isVisible: false,
  message: '',
  timeout: SNACKBAR_DEFAULTS.timeout,
  color: SNACKBAR_DEFAULTS.color,
  show: (message, timeout = 0, color = 'secondary') =>
    set({ message, timeout, color, isVisible: true }),
  hide: () => set({ isVisible: false }),
}));
