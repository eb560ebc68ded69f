import { z } from 'zod';

/** docs/genealogy.md, Roles: each role may do everything the one before it may. */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** True when `role` grants at least what `required` grants. */
export function hasRole(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}
