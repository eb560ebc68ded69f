import {
  BOOK_LIMITS,
  EVENT_TYPE_LABELS,
  NAME_KIND_LABELS,
  SITE_NAME,
  formatDateKy,
  type BookQuery,
  type Citation,
  type Person,
  type PersonEvent,
  type PersonSummary,
  type PrintScript,
} from '@bagysh/shared';
import type { Db } from '../../db/client';
import { withPlainPlan } from '../../db/plain-plan';
import { readDescendantLevels } from '../../genealogy/descendant-levels';
import { readPersonPages } from '../../genealogy/person-pages';
import type { Viewer } from '../../genealogy/privacy';
import { MM, createPdf, drawQrCode, finishPdf, printedRuns } from '../../print/pdf-document';
import { yieldToRequests } from '../../print/render-slots';
import { BOOK_WORDS, fill } from './book-words';

/**
 * The printed book (Китеп, docs/features.md, Printing): a register of a person's descendants,
 * one chapter per муун (generation 1 is the person), every person numbered once in reading
 * order with names, life events, spouses and children, the sources as numbered notes at the end
 * of each chapter, a table of contents, an index of names and page numbers. Persons are read as
 * the person page reads them (genealogy/person-pages.ts), so a living person appears to a guest
 * as the person page shows them: the name and the father line only.
 */

/** One person of the book: the page's data, their register number and their parents'. */
interface Entry {
  number: number;
  person: Person;
  summary: PersonSummary;
  /** Children in the book (the next chapter), in sibling order. */
  children: PersonSummary[];
  /** The page the entry starts on (0-based buffered page index), once laid out. */
  page?: number;
}

interface Chapter {
  title: string;
  entries: Entry[];
  page?: number;
}

/** A piece of a line: its text, in bold or not. */
interface Piece {
  text: string;
  bold?: boolean;
}

const PAGE = { size: 'A4', margin: 20 * MM } as const;
const SIZES = { body: 10, entry: 11, heading: 18, title: 26, subtitle: 14, note: 8.5 } as const;
/**
 * Persons read per round trip: their records are JSON columns, a few hundred rows at once, read
 * without JIT (its compiling took 0.3 s of each 0.4 s read, db/plain-plan.ts).
 */
const READ_CHUNK = 250;

export interface BookInput {
  id: number;
  query: BookQuery;
  viewer: Viewer;
  /** The address of the site, for the title page's QR code of the person page. */
  publicUrl: string;
  /** The day printed on the title page (and the document's creation date). */
  today: Date;
}

export interface Book {
  bytes: Buffer;
  /** The person's name, for the file name. */
  name: string;
}

/** Reads the branch and lays out its book; throws 404 for an unknown person. */
export async function renderBook(db: Db, input: BookInput): Promise<Book> {
  const chapters = await readChapters(db, input);
  const root = chapters[0]?.entries[0];
  if (!root) throw new Error('a book has its person');
  const bytes = await layOut(chapters, input, root);
  return { bytes, name: root.person.name };
}

// ---------------------------------------------------------------------------------------------
// Reading

interface ReadChapters extends Array<Chapter> {
  truncated?: boolean;
}

async function readChapters(db: Db, input: BookInput): Promise<ReadChapters> {
  const { levels, truncated } = await readDescendantLevels(
    db,
    input.id,
    input.query.generations - 1,
    BOOK_LIMITS.maxPersons,
    input.viewer,
  );
  // Register numbers: generation by generation, each under the first parent numbered before.
  const numbers = new Map<number, number>();
  const ordered = levels.map((level) => {
    const parentNumber = (summary: PersonSummary) =>
      Math.min(
        ...[summary.father_id, summary.mother_id].map((id) =>
          id === null ? Infinity : (numbers.get(id) ?? Infinity),
        ),
      );
    // A stable sort keeps the sibling order within one parent's children.
    const sorted = [...level].sort((a, b) => parentNumber(a) - parentNumber(b));
    for (const summary of sorted) numbers.set(summary.id, numbers.size + 1);
    return sorted;
  });

  const ids = ordered.flat().map((summary) => summary.id);
  const pages = new Map<number, Person>();
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const chunk = await withPlainPlan(db, (tx) =>
      readPersonPages(tx, ids.slice(start, start + READ_CHUNK), input.viewer),
    );
    for (const person of chunk) pages.set(person.id, person);
    await yieldToRequests();
  }

  const chapters: ReadChapters = ordered.map((level, index) => {
    const below = ordered[index + 1] ?? [];
    return {
      title: fill(BOOK_WORDS.chapter, { n: index + 1 }),
      entries: level.flatMap((summary) => {
        const person = pages.get(summary.id);
        if (!person) return [];
        const children = below.filter(
          (child) => child.father_id === summary.id || child.mother_id === summary.id,
        );
        return [{ number: numbers.get(summary.id) ?? 0, person, summary, children }];
      }),
    };
  });
  chapters.truncated = truncated;
  return chapters;
}

// ---------------------------------------------------------------------------------------------
// Writing text in the reader's script

class Writer {
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly script: PrintScript,
  ) {}

  /** One paragraph of pieces, each in its script's runs, wrapped at the margins. */
  line(
    pieces: Piece[],
    options: { size?: number; indent?: number; align?: 'left' | 'center' } = {},
  ) {
    const { doc } = this;
    const runs = pieces.flatMap((piece) => printedRuns(piece.text, this.script, piece.bold));
    if (runs.length === 0) return;
    const left = doc.page.margins.left + (options.indent ?? 0);
    const width = doc.page.width - doc.page.margins.right - left;
    doc.fontSize(options.size ?? SIZES.body);
    runs.forEach((run, index) => {
      doc.font(run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, left, doc.y, { width, continued, align: options.align });
      else doc.text(run.text, { continued });
    });
  }

  /** Text that must fit one line at (x, y) in `width`, e.g. a page number; returns nothing. */
  at(text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center') {
    const { doc } = this;
    const runs = printedRuns(text, this.script);
    runs.forEach((run, index) => {
      doc.font(run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { width, align, lineBreak: false, continued });
      else doc.text(run.text, { continued, lineBreak: false });
    });
  }

  /** The current page's index among the buffered pages. */
  page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Notes: each chapter numbers its sources from 1; one source and page is one note

class Notes {
  private readonly numbers = new Map<string, number>();
  readonly texts: string[] = [];

  /** " [1] [2]" for the citations (the same source and page keep their number). */
  marks(citations: readonly Citation[]): string {
    const marks = citations.map((citation) => {
      const key = `${citation.source.id}|${citation.page ?? ''}`;
      let number = this.numbers.get(key);
      if (number === undefined) {
        this.texts.push(
          citation.page ? `${citation.source.title}, ${citation.page}` : citation.source.title,
        );
        number = this.texts.length;
        this.numbers.set(key, number);
      }
      return `[${number}]`;
    });
    return marks.length === 0 ? '' : ` ${marks.join(' ')}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Laying out

function years(summary: PersonSummary): string {
  const { birth_year: born, death_year: died } = summary;
  if (born === null && died === null) return '';
  return ` (${born ?? '?'}–${died ?? ''})`;
}

function eventLine(event: PersonEvent, notes: Notes): string {
  const label =
    event.type === 'other' && event.custom_type ? event.custom_type : EVENT_TYPE_LABELS[event.type];
  const parts = [
    event.value,
    event.date ? formatDateKy(event.date) : null,
    event.place?.full_name ?? null,
  ].filter((part): part is string => part !== null && part !== '');
  return `${label}: ${parts.join(', ')}${notes.marks(event.citations)}`;
}

/** "Name (№7)" for a person of the book, the name alone otherwise. */
function reference(name: string, id: number, numbers: Map<number, number>): string {
  const number = numbers.get(id);
  return number === undefined ? name : `${name} (№${number})`;
}

function writeEntry(
  writer: Writer,
  entry: Entry,
  numbers: Map<number, number>,
  notes: Notes,
  lastChapter: boolean,
) {
  const { doc } = writer;
  const { person, summary } = entry;
  doc.moveDown(0.6);
  // Keep a heading with its first lines.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
  entry.page = writer.page();
  writer.line(
    [
      { text: `№${entry.number}. `, bold: true },
      { text: person.name, bold: true },
      { text: `${years(summary)}${notes.marks(person.citations)}` },
    ],
    { size: SIZES.entry },
  );
  const indent = 12;
  const field = (label: string, value: string) =>
    writer.line([{ text: `${label}: `, bold: true }, { text: value }], { indent });

  if (person.father)
    field(BOOK_WORDS.father, reference(person.father.name, person.father.id, numbers));
  if (person.mother)
    field(BOOK_WORDS.mother, reference(person.mother.name, person.mother.id, numbers));
  if (summary.restricted) {
    writer.line([{ text: BOOK_WORDS.hidden }], { indent });
  }
  const others = person.names.filter((name) => name.full_name !== person.name);
  if (others.length > 0) {
    field(
      BOOK_WORDS.otherNames,
      others
        .map(
          (name) =>
            `${name.full_name} (${NAME_KIND_LABELS[name.kind]})${notes.marks(name.citations)}`,
        )
        .join('; '),
    );
  }
  for (const event of person.events) writer.line([{ text: eventLine(event, notes) }], { indent });
  for (const union of person.unions) {
    const events = union.events.map((event) => eventLine(event, notes));
    field(
      BOOK_WORDS.spouse[person.sex],
      [
        `${reference(union.spouse.name, union.spouse.id, numbers)}${notes.marks(union.citations)}`,
        ...events,
      ].join('; '),
    );
  }
  if (person.biography) writer.line([{ text: person.biography }], { indent, size: SIZES.note });
  if (entry.children.length > 0) {
    field(
      BOOK_WORDS.children,
      entry.children.map((child) => `№${numbers.get(child.id) ?? '?'} ${child.name}`).join(', '),
    );
  } else if (lastChapter && summary.child_count > 0) {
    writer.line([{ text: fill(BOOK_WORDS.childrenOutside, { count: summary.child_count }) }], {
      indent,
    });
  }
}

function writeNotes(writer: Writer, notes: Notes) {
  if (notes.texts.length === 0) return;
  const { doc } = writer;
  doc.moveDown(1);
  writer.line([{ text: BOOK_WORDS.notes, bold: true }], { size: SIZES.entry });
  notes.texts.forEach((text, index) => {
    writer.line([{ text: `${index + 1}. ${text}` }], { size: SIZES.note, indent: 6 });
  });
}

function writeTitlePage(
  writer: Writer,
  chapters: ReadChapters,
  input: BookInput,
  root: Entry,
  persons: number,
) {
  const { doc } = writer;
  doc.addPage();
  doc.y = doc.page.height * 0.28;
  writer.line([{ text: root.person.name, bold: true }], { size: SIZES.title, align: 'center' });
  writer.line([{ text: BOOK_WORDS.titleLine }], { size: SIZES.subtitle, align: 'center' });
  doc.moveDown(2);
  writer.line([{ text: fill(BOOK_WORDS.summary, { generations: chapters.length, persons }) }], {
    align: 'center',
  });
  if (chapters.truncated) {
    writer.line([{ text: fill(BOOK_WORDS.truncated, { persons }) }], { align: 'center' });
  }
  const qr = 30 * MM;
  drawQrCode(
    doc,
    `${input.publicUrl}/persons/${root.person.id}`,
    (doc.page.width - qr) / 2,
    doc.page.height * 0.62,
    qr,
  );
  doc.y = doc.page.height * 0.62 + qr + 10 * MM;
  writer.line([{ text: SITE_NAME, bold: true }], { align: 'center' });
  writer.line([{ text: input.today.toISOString().slice(0, 10).split('-').reverse().join('.') }], {
    align: 'center',
  });
}

/** The table of contents on its own page (the second), written once the pages are known. */
function writeContents(
  writer: Writer,
  contentsPage: number,
  rows: Array<{ title: string; page: number }>,
) {
  const { doc } = writer;
  doc.switchToPage(contentsPage);
  doc.x = doc.page.margins.left;
  doc.y = doc.page.margins.top;
  writer.line([{ text: BOOK_WORDS.contents, bold: true }], { size: SIZES.heading });
  doc.moveDown(1);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(SIZES.entry);
  for (const row of rows) {
    const y = doc.y;
    writer.at(row.title, left, y, width - 40, 'left');
    writer.at(String(row.page + 1), left, y, width, 'right');
    doc.y = y + doc.currentLineHeight(true) + 4;
  }
}

function writeIndex(writer: Writer, entries: Entry[]) {
  const { doc } = writer;
  const collator = new Intl.Collator('ky');
  const sorted = [...entries].sort(
    (a, b) => collator.compare(a.person.name, b.person.name) || a.number - b.number,
  );
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(SIZES.body);
  for (const entry of sorted) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    const father = entry.person.father ? `, ${entry.person.father.name}` : '';
    writer.at(`${entry.person.name}${father} — №${entry.number}`, left, y, width - 40, 'left');
    writer.at(String((entry.page ?? 0) + 1), left, y, width, 'right');
    doc.y = y + doc.currentLineHeight(true) + 2;
  }
}

/** Page numbers at the foot of every page but the title page. */
function numberPages(writer: Writer) {
  const { doc } = writer;
  const range = doc.bufferedPageRange();
  for (let index = range.start + 1; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.fontSize(SIZES.note);
    writer.at(String(index + 1), 0, doc.page.height - bottom / 2, doc.page.width, 'center');
    doc.page.margins.bottom = bottom;
  }
}

async function layOut(chapters: ReadChapters, input: BookInput, root: Entry): Promise<Buffer> {
  const start = new Date(input.today);
  start.setUTCHours(0, 0, 0, 0);
  const doc = createPdf({
    bufferPages: true,
    size: PAGE.size,
    margin: PAGE.margin,
    lang: 'ky',
    displayTitle: true,
    // The same branch on the same day is the same bytes: the ETag is their hash.
    info: {
      Title: `${root.person.name} ${BOOK_WORDS.titleLine}`,
      Author: SITE_NAME,
      CreationDate: start,
    },
  });
  const writer = new Writer(doc, input.query.script);
  const entries = chapters.flatMap((chapter) => chapter.entries);
  const numbers = new Map(entries.map((entry) => [entry.person.id, entry.number]));

  writeTitlePage(writer, chapters, input, root, entries.length);
  doc.addPage();
  const contentsPage = writer.page();
  doc.outline.addItem(BOOK_WORDS.contents);

  for (const [index, chapter] of chapters.entries()) {
    doc.addPage();
    chapter.page = writer.page();
    doc.outline.addItem(chapter.title);
    writer.line([{ text: chapter.title, bold: true }], { size: SIZES.heading });
    const notes = new Notes();
    const last = index === chapters.length - 1;
    for (const entry of chapter.entries) {
      writeEntry(writer, entry, numbers, notes, last);
      await yieldToRequests();
    }
    writeNotes(writer, notes);
    if (last && chapters.truncated) {
      doc.moveDown(1);
      writer.line([{ text: fill(BOOK_WORDS.truncated, { persons: entries.length }) }]);
    }
  }

  doc.addPage();
  const indexPage = writer.page();
  doc.outline.addItem(BOOK_WORDS.namesIndex);
  writer.line([{ text: BOOK_WORDS.namesIndex, bold: true }], { size: SIZES.heading });
  doc.moveDown(0.5);
  writeIndex(writer, entries);
  await yieldToRequests();

  writeContents(writer, contentsPage, [
    ...chapters.map((chapter) => ({ title: chapter.title, page: chapter.page ?? 0 })),
    { title: BOOK_WORDS.namesIndex, page: indexPage },
  ]);
  numberPages(writer);
  return finishPdf(doc);
}
