import type { RecordType } from '@bagysh/shared';
import { noteKind } from '../notes/notes.service';
import { placeKind } from '../places/places.service';
import { sourceKind } from '../sources/sources.service';
import type { RecordKind } from './record-kind';

/** The shared records that go through record revisions, by `record_type`. */
export const RECORD_KINDS: Record<RecordType, RecordKind> = {
  place: placeKind,
  source: sourceKind,
  note: noteKind,
};
