export { RecordButton } from './components/record-button';
