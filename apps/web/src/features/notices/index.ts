export { FollowButton } from './components/follow-button';
export { NoticeSettingsSection } from './components/notice-settings';
export { NoticesList } from './components/notices-list';
export { UnsubscribeCard } from './components/unsubscribe-card';
