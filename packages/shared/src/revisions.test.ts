import { describe, expect, it } from 'vitest';
import { revisionFileIds, revisionNoteIds, revisionSourceIds } from './revisions';

describe('the records a revision names', () => {
  const fields = {
    citations: [{ source_id: 1, page: '12' }],
    names: [{ full_name: 'Бакай', citations: [{ source_id: 2 }] }],
    events: [
      { type: 'birth', citations: [{ source_id: 3 }], media: [{ file_id: 20, title: null }] },
    ],
    unions: [
      {
        spouse_id: 9,
        citations: [{ source_id: 4 }],
        events: [{ type: 'marriage', citations: [{ source_id: 5 }] }],
      },
    ],
    note_ids: [30, 31],
    media: [{ file_id: 21, title: 'Сүрөт' }],
    // Not ids of records: a person field, a place, a version.
    father_id: 7,
    version: 3,
  };

  it('finds the sources of citations at any depth', () => {
    expect(revisionSourceIds(fields).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('finds the linked notes and the files of the person’s and the events’ media', () => {
    expect(revisionNoteIds(fields)).toEqual([30, 31]);
    expect(revisionFileIds(fields).sort()).toEqual([20, 21]);
  });

  it('finds nothing in a revision without fields, or in values that are not records', () => {
    expect(revisionSourceIds(null)).toEqual([]);
    expect(revisionNoteIds({ note_ids: ['30', null] })).toEqual([]);
    expect(revisionFileIds({ media: [7, null, { file_id: 'x' }] })).toEqual([]);
  });
});
