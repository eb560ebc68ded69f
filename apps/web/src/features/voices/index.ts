export { RecordButton } from './components/record-button';
export { RecordingAbout } from './components/recording-about';
