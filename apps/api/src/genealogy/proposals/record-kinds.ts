import type { RecordType } from '@bagysh/shared';
import { noteKind } from '../records/notes';
import { placeKind } from '../records/places';
import { sourceKind } from '../records/sources';
import type { RecordKind } from './record-kind';

/** The shared records that go through record revisions, by `record_type`. */
export const RECORD_KINDS: Record<RecordType, RecordKind> = {
  place: placeKind,
  source: sourceKind,
  note: noteKind,
};
