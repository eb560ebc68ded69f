import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../app';

/**
 * `app.inject` that also checks the one thing no answer may ever carry: a
 * password hash (argon2 strings, or a field named like one).
 */
export async function call(app: App, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject(options);
  expect(response.body).not.toMatch(/\$argon2|password_?hash/i);
  return response;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
