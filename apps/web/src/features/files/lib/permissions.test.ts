import type { FileInfo } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { canManageFile } from './permissions';

const file = { owner: { id: 5, username: 'asan' } } as FileInfo;

describe('canManageFile', () => {
  it('lets the owner, moderators and admins manage a file', () => {
    expect(canManageFile({ id: 5, role: 'user' }, file)).toBe(true);
    expect(canManageFile({ id: 6, role: 'moderator' }, file)).toBe(true);
    expect(canManageFile({ id: 7, role: 'admin' }, file)).toBe(true);
  });

  it('refuses other users and unknown sessions', () => {
    expect(canManageFile({ id: 6, role: 'user' }, file)).toBe(false);
    expect(canManageFile({ username: 'x' }, file)).toBe(false);
    expect(canManageFile(null, file)).toBe(false);
  });
});
