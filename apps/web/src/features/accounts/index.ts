export { AuthCard } from './components/auth-forms';
export {
  EmailConfirmCard,
  PasswordResetConfirmCard,
  PasswordResetRequestCard,
} from './components/account-link-cards';
export { ProfileView } from './components/profile-view';
export { UsersDirectory, type UserRowActions } from './components/users-directory';
export { useChangeStewardBranch, useStewardBranches } from './api/users';
export { useMe } from './api/session';
