export { AuthCard } from './components/auth-forms';
export { ProfileView } from './components/profile-view';
export { UsersDirectory } from './components/users-directory';
