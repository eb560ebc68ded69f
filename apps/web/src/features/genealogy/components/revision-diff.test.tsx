import type { Revision } from '@bagysh/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n/areas/genealogy';
import { render } from '../../../test/render';
import { RevisionDiff } from './revision-diff';

const revision = (fields: Partial<Revision>): Revision => ({
  id: 1,
  person_id: 5,
  person: null,
  action: 'update',
  status: 'pending',
  before: null,
  after: null,
  base_version: 1,
  kept: [],
  author: null,
  reviewer: null,
  comment: null,
  created_at: '2026-01-01T00:00:00.000Z',
  reviewed_at: null,
  revert_of: null,
  reverted_by: null,
  linked_persons: [],
  linked_places: [],
  linked_sources: [],
  linked_notes: [],
  linked_files: [],
  ...fields,
});

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
});

async function show(shown: Revision) {
  const view = await render(
    <MemoryRouter>
      <RevisionDiff revision={shown} />
    </MemoryRouter>,
  );
  cleanup = () => view.unmount();
  const lines = (field: string) =>
    [...view.container.querySelectorAll(`[data-diff-lines="${field}"] [data-diff-line]`)].map(
      (line) => line.textContent,
    );
  return { lines };
}

describe('RevisionDiff', () => {
  it('names the sources, notes and files of record lists by the titles the revision brings', async () => {
    const { lines } = await show(
      revision({
        before: { citations: [], note_ids: [], media: [] },
        after: {
          citations: [{ source_id: 60, page: '12', quality: null, note: null }],
          note_ids: [70, 71],
          media: [
            { file_id: 80, title: null },
            { file_id: 81, title: 'Үй-бүлөнүн сүрөтү' },
          ],
          events: [
            {
              type: 'birth',
              date: '1850',
              place_id: null,
              place: null,
              citations: [{ source_id: 60, page: null }],
            },
          ],
        },
        linked_sources: [{ id: 60, title: 'Карыянын айтуусу' }],
        linked_notes: [{ id: 70, excerpt: 'Никеси Таласта кыйылган.' }],
        linked_files: [
          { id: 80, name: 'toy-1950.jpg' },
          { id: 81, name: 'scan.png' },
        ],
      }),
    );
    expect(lines('citations')).toEqual(['Карыянын айтуусу, барагы: 12']);
    // A note the revision brings no title for (deleted since) keeps its number.
    expect(lines('note_ids')).toEqual(['Никеси Таласта кыйылган.', '№71 эскертме']);
    // A media link's own title first, else the file's name.
    expect(lines('media')).toEqual(['toy-1950.jpg', 'Үй-бүлөнүн сүрөтү']);
  });

  it("names a union's notes in its line, by the excerpts the revision brings", async () => {
    const { lines } = await show(
      revision({
        before: {
          unions: [{ spouse_id: 9, position: 1, events: [], citations: [], note_ids: [] }],
        },
        after: {
          unions: [{ spouse_id: 9, position: 1, events: [], citations: [], note_ids: [72] }],
        },
        linked_notes: [{ id: 72, excerpt: 'Той Таласта болгон.' }],
      }),
    );
    // Before, then after: the spouse (unknown to this revision: a number), order and notes.
    expect(lines('unions')).toEqual(['#9 (1-никеси)', '#9 (1-никеси): Той Таласта болгон.']);
  });
});
