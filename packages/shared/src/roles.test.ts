import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

describe('hasRole', () => {
  it('ranks admin over moderator over user', () => {
    expect(hasRole('admin', 'moderator')).toBe(true);
    expect(hasRole('moderator', 'moderator')).toBe(true);
    expect(hasRole('moderator', 'admin')).toBe(false);
    expect(hasRole('user', 'moderator')).toBe(false);
    expect(hasRole('user', 'user')).toBe(true);
  });
});
