import {
  AuthResponseSchema,
  FileSchema,
  LoginResponseSchema,
  TokenPairSchema,
  UserSchema,
  type LoginInput,
  type LoginTwoFactorInput,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  type RegisterInput,
  type User,
} from '@bagysh/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export const meQueryKey = ['accounts', 'me'] as const;

/** `GET user/`: the signed-in user's own record. */
export function fetchMe(signal?: AbortSignal): Promise<User> {
  return api('user/', { schema: UserSchema, signal });
}

/** Keeps the user in the session store (localStorage `user`) as the header shows it. */
export function storeUser(user: User): void {
  useSessionStore.getState().setUser(user);
}

/**
 * Signs in: stores the token pair, then fetches the user from `GET user/` and stores it
 * (docs/product.md, Session).
 */
async function startSession(answer: { access: string; refresh: string }): Promise<User> {
  useSessionStore.getState().setSession({ access: answer.access, refresh: answer.refresh });
  const user = await fetchMe();
  storeUser(user);
  return user;
}

/** What the password step ends with: signed in, or a code still wanted with this challenge. */
export type LoginOutcome = { user: User } | { challenge: string };

/**
 * `POST login/`. An account with two-factor sign-in on answers a challenge instead of tokens
 * (docs/security.md, Two-factor sign-in): then `loginWithCode` finishes.
 */
export async function login(input: LoginInput): Promise<LoginOutcome> {
  const answer = await api('login/', {
    method: 'POST',
    body: input,
    schema: LoginResponseSchema,
  });
  if ('challenge' in answer) return { challenge: answer.challenge };
  return { user: await startSession(answer) };
}

/** `POST login/two-factor/`: the challenge and a code of the app or a recovery code. */
export async function loginWithCode(input: LoginTwoFactorInput): Promise<User> {
  const answer = await api('login/two-factor/', {
    method: 'POST',
    body: input,
    schema: AuthResponseSchema,
  });
  return startSession(answer);
}

export async function register(input: RegisterInput): Promise<User> {
  const answer = await api('register/', {
    method: 'POST',
    body: input,
    schema: AuthResponseSchema,
  });
  return startSession(answer);
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }) => {
      const user = await fetchMe(signal);
      storeUser(user);
      return user;
    },
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

function useSetMe() {
  const client = useQueryClient();
  return (user: User) => {
    storeUser(user);
    client.setQueryData(meQueryKey, user);
  };
}

/** `PATCH user/`. */
export function useUpdateProfile() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      api('user/', { method: 'PATCH', body: input, schema: UserSchema }),
    onSuccess: setMe,
  });
}

/** `POST user/password/`: the answer is a new token pair for this client, stored at once. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      api('user/password/', { method: 'POST', body: input, schema: TokenPairSchema }),
    onSuccess: (pair) => useSessionStore.getState().setSession(pair),
  });
}

/** Uploads an image as a public file, then makes it the avatar (`PATCH user/`). */
export function useUploadAvatar() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('visibility', 'public');
      form.append('file', file);
      const uploaded = await api('files/', { method: 'POST', body: form, schema: FileSchema });
      return api('user/', {
        method: 'PATCH',
        body: { avatar_file_id: uploaded.id },
        schema: UserSchema,
      });
    },
    onSuccess: setMe,
  });
}

/** Removes the avatar (`PATCH user/ {avatar_file_id: null}`). */
export function useRemoveAvatar() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: () =>
      api('user/', { method: 'PATCH', body: { avatar_file_id: null }, schema: UserSchema }),
    onSuccess: setMe,
  });
}
