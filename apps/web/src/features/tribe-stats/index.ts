export { TribeStatsPageContent } from './components/tribe-stats-page';
