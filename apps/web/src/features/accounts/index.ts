export { AuthCard } from './components/auth-forms';
export {
  EmailConfirmCard,
  PasswordResetConfirmCard,
  PasswordResetRequestCard,
} from './components/account-link-cards';
export { ProfileView } from './components/profile-view';
export { UsersDirectory } from './components/users-directory';
