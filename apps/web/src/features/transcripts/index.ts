export { TranscriptPanel } from './components/transcript-panel';
