import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** What register/login answer: a token pair and the user. */
export interface Auth {
  access: string;
  refresh: string;
  user: { id: number; username: string; full_name: string; role: string } & Record<string, unknown>;
}

export const E2E_PASSWORD = 'Tuura-Syrsoz-2024';

async function post(path: string, body: unknown, access?: string): Promise<Response> {
  return fetch(`${inject('baseUrl')}/api/${path}`, {
    method: path.startsWith('users/') ? 'PATCH' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(access ? { Authorization: `Bearer ${access}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Signs the demo admin in through the API. */
export async function loginAdmin(): Promise<Auth> {
  const response = await post('login/', {
    username: inject('adminUsername'),
    password: inject('adminPassword'),
  });
  if (response.status !== 200) throw new Error(`admin login: ${response.status}`);
  return (await response.json()) as Auth;
}

/**
 * Registers a new member through the API (a unique username from `name`) and, for
 * another role, has the admin grant it. Tests share one server, hence the suffix.
 */
export async function registerUser(
  options: { name?: string; fullName?: string; role?: 'moderator' | 'admin' } = {},
): Promise<Auth> {
  const username = `${options.name ?? 'member'}_${Math.random().toString(36).slice(2, 8)}`;
  const response = await post('register/', {
    username,
    password: E2E_PASSWORD,
    full_name: options.fullName ?? '',
  });
  if (response.status !== 201) throw new Error(`register ${username}: ${response.status}`);
  const auth = (await response.json()) as Auth;
  if (options.role) {
    const admin = await loginAdmin();
    const changed = await post(`users/${auth.user.id}/`, { role: options.role }, admin.access);
    if (changed.status !== 200) throw new Error(`role ${options.role}: ${changed.status}`);
    auth.user = { ...auth.user, role: options.role };
  }
  return auth;
}

/** Puts a real session into localStorage before the site starts, as a login would. */
export async function signInAs(page: Page, auth: Auth): Promise<void> {
  await page.addInitScript(
    ({ token, user }) => {
      // Frames (a PDF preview's) are not the app: only the top document signs in.
      if (window.top !== window) return;
      localStorage.setItem('access-token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: { access: auth.access, refresh: auth.refresh }, user: auth.user },
  );
}
