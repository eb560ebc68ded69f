import type { EncodingChoice } from '../read/encoding';
import type { GedcomNode } from '../read/node';
import { readGedcomRecordBatches } from '../read/records';
import { GedcomError, type ImportReport } from '../read/report';
import { definedFamily, stageFamilies } from './families';
import { birthFamily, LookAlikes } from './lineage';
import type { RecordMapping } from './map-record';
import type { MediaLinks } from './media-links';
import { stagedPerson, type TreeIndex } from './persons';
import { pointer } from './pointers';
import type { StagingQueue } from './staging';
import { recordKey, type Structure } from './structure';

/**
 * Pass 2: the details. The file is read again, every record mapped into rows (map-record.ts)
 * and staged batch by batch (staging.ts): the individuals with their place in the tree from the
 * lineage pass and their further parent families, the records with details, the media links.
 * Pointers to missing individuals and families, and individuals that look like an earlier one,
 * are reported on the way.
 */

export interface StagePass {
  path: string;
  choice: EncodingChoice;
  report: ImportReport;
  tree: TreeIndex;
  mapping: RecordMapping;
  media: MediaLinks;
  queue: StagingQueue;
  /** Asked between batches: true stops the import. */
  cancelled(): boolean;
}

/** Maps and stages every record; the last batch is written when it resolves. */
export async function stageRecords(pass: StagePass): Promise<void> {
  const { queue } = pass;
  const lookAlikes = new LookAlikes(pass.tree.s, pass.tree.father);
  try {
    for await (const chunk of readGedcomRecordBatches(pass.path, pass.choice))
      for (const record of chunk) {
        stageRecord(pass, record, lookAlikes);
        if (queue.full) {
          if (pass.cancelled()) throw new GedcomError('Импорт токтотулду.');
          await queue.send();
        }
      }
    for (const [id, extra] of pass.mapping.coupleExtra) queue.records.unions.push({ id, extra });
    await queue.finish();
  } catch (error) {
    await queue.drain();
    throw error;
  }
}

function stageRecord(pass: StagePass, record: GedcomNode, lookAlikes: LookAlikes): void {
  const { tree, report, media, queue } = pass;
  const { s } = tree;
  const key = recordKey(record);
  media.startRecord(key, record.tag === 'INDI');
  const index = record.tag === 'INDI' ? (s.indiIndex.get(key) ?? 0) : -1;
  if (record.tag === 'FAM') checkPointers(s, record, ['HUSB', 'WIFE', 'CHIL'], report);
  else if (record.tag === 'INDI') {
    checkPointers(s, record, ['FAMC', 'FAMS'], report);
    lookAlikes.check(index, key, record.line, report);
  }
  const person = pass.mapping.map(record, queue.records);
  if (!person) return;
  const familyOf = (xref: string | null) => definedFamily(s, xref);
  stageFamilies(s, record, index, birthFamily(s, index), familyOf, tree.idOf, queue.records);
  const staged = stagedPerson(record, index, person, tree);
  queue.persons.push(staged);
  media.personPhoto(staged, record.line);
}

/** Reports the pointers of `tags` to individuals or families the file lacks. */
function checkPointers(
  s: Structure,
  record: GedcomNode,
  tags: readonly string[],
  report: ImportReport,
): void {
  for (const node of record.children) {
    if (!tags.includes(node.tag)) continue;
    const target = pointer(node.value);
    if (!target) continue;
    const missing =
      node.tag === 'FAMC' || node.tag === 'FAMS'
        ? definedFamily(s, target) === -1
        : s.indiDefined.get(s.indiIndex.get(target) ?? -1) !== 1;
    if (missing) report.warn(node.line, recordKey(record), 'dangling', target);
  }
}
