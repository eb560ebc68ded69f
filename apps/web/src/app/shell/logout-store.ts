import { create } from 'zustand';

/** Whether the logout question is open. */
export const useLogoutDialogStore = create<{ open: boolean }>()(() => ({ open: false }));

/** Asks whether to sign out ('Чыгуу' of the user menu and the drawer). */
export function openLogoutDialog(): void {
  useLogoutDialogStore.setState({ open: true });
}
