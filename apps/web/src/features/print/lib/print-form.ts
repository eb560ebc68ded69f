import {
  BOOK_LIMITS,
  BookQuery,
  POSTER_LIMITS,
  PosterQuery,
  type PosterPaper,
  type PrintScript,
} from '@bagysh/shared';

/** What the print dialog holds: the fields as typed (strings), for the poster and the book. */
export interface PrintForm {
  kind: 'poster' | 'book';
  generations: string;
  paper: PosterPaper;
  width: string;
  height: string;
  script: PrintScript;
}

export function initialForm(script: PrintScript): PrintForm {
  return {
    kind: 'poster',
    generations: String(POSTER_LIMITS.defaultGenerations),
    paper: 'A1',
    width: '',
    height: '',
    script,
  };
}

/** The largest number of generations of the chosen document. */
export const maxGenerations = (kind: PrintForm['kind']) =>
  kind === 'poster' ? POSTER_LIMITS.maxGenerations : BOOK_LIMITS.maxGenerations;

export type PrintFields = 'generations' | 'width_mm' | 'height_mm';

/**
 * The form read by the server's own schema (packages/shared/src/print.ts): the query to send,
 * or the fields it refuses, each with the schema's message when it is written for people
 * (a refinement's Kyrgyz text), else null (the dialog shows the field's allowed range).
 */
export function readForm(
  form: PrintForm,
):
  | { ok: true; query: Record<string, string | number> }
  | { ok: false; errors: Partial<Record<PrintFields, string | null>> } {
  const parsed =
    form.kind === 'book'
      ? BookQuery.safeParse({ generations: form.generations, script: form.script })
      : PosterQuery.safeParse({
          generations: form.generations,
          paper: form.paper,
          script: form.script,
          ...(form.paper === 'custom' ? { width_mm: form.width, height_mm: form.height } : {}),
        });
  if (parsed.success) {
    return {
      ok: true,
      query: Object.fromEntries(
        Object.entries(parsed.data).filter(([, value]) => value !== undefined),
      ),
    };
  }
  const errors: Partial<Record<PrintFields, string | null>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PrintFields;
    errors[field] ??= issue.code === 'custom' ? issue.message : null;
  }
  return { ok: false, errors };
}
