import {
  AdminResetLinkSchema,
  DetailSchema,
  type EmailConfirmInput,
  type PasswordResetConfirmInput,
  type PasswordResetInput,
} from '@bagysh/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST password/reset/`: the same sentence whatever the address. */
export function requestPasswordReset(input: PasswordResetInput) {
  return api('password/reset/', { method: 'POST', body: input, schema: DetailSchema });
}

/** `POST password/reset/confirm/`. */
export function confirmPasswordReset(input: PasswordResetConfirmInput) {
  return api('password/reset/confirm/', { method: 'POST', body: input, schema: DetailSchema });
}

/** `POST email/confirm/`. */
export function confirmEmail(input: EmailConfirmInput) {
  return api('email/confirm/', { method: 'POST', body: input, schema: DetailSchema });
}

/** `POST email/confirm/resend/`: the own confirmation link again. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api('email/confirm/resend/', { method: 'POST', schema: DetailSchema }),
  });
}

/** `POST users/{id}/password-reset-link/` (admins): the link, shown once. */
export function useMakeResetLink() {
  return useMutation({
    mutationFn: (id: number) =>
      api(`users/${id}/password-reset-link/`, { method: 'POST', schema: AdminResetLinkSchema }),
  });
}

/** The token of an account link page: `#token=…` (kept out of server logs), or null. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]+$/.test(token) ? token : null;
}
