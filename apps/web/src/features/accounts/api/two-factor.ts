import {
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  type TwoFactorCodeInput,
  type TwoFactorDisableInput,
} from '@bagysh/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryKey } from './session';

export const twoFactorQueryKey = ['accounts', 'two-factor'] as const;

export function getTwoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: ({ signal }) => api('user/two-factor/', { schema: TwoFactorStatusSchema, signal }),
  });
}

/** `GET user/two-factor/`: on or off, required or not, recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}

/**
 * After a change: the status and the user's own record (which carries the flags) again. Not
 * awaited: the caller's own callbacks (showing the recovery codes) must run before the fresh
 * status unmounts the form that called.
 */
function useRefreshTwoFactor() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: twoFactorQueryKey });
    void client.invalidateQueries({ queryKey: meQueryKey });
  };
}

/** `POST user/two-factor/setup/`: a new secret with its QR code. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () =>
      api('user/two-factor/setup/', { method: 'POST', schema: TwoFactorSetupSchema }),
  });
}

/** `POST user/two-factor/enable/`: the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      api('user/two-factor/enable/', { method: 'POST', body: input, schema: RecoveryCodesSchema }),
    onSuccess: refresh,
  });
}

/** `POST user/two-factor/recovery-codes/`: ten new codes, the old ones void. */
export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) =>
      api('user/two-factor/recovery-codes/', {
        method: 'POST',
        body: input,
        schema: RecoveryCodesSchema,
      }),
    onSuccess: refresh,
  });
}

/** `POST user/two-factor/disable/`. */
export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      api('user/two-factor/disable/', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}
