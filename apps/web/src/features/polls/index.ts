export { PollsPage } from './components/polls-page';
