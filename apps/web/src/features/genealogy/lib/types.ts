import type { PersonSummary as SharedPersonSummary, Role } from '@bagysh/shared';

export type PersonSummary = Pick<
  SharedPersonSummary,
  | 'id'
  | 'name'
  | 'birth_year'
  | 'death_year'
  | 'sex'
  | 'child_count'
  | 'descendant_count'
  | 'photo_file_id'
  | 'father_name'
  | 'grandfather_name'
>;
export type SessionRole = Role;
