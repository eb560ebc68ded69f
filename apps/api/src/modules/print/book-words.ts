/**
 * The printed book's Kyrgyz wording (docs/kyrgyz.md, The printed book: the ⚠ ones wait for a
 * native speaker). The names of event types and of other names are the person page's
 * (`EVENT_TYPE_LABELS`, `NAME_KIND_LABELS` in packages/shared).
 */
export const BOOK_WORDS = {
  /** Under the person's name on the title page. */
  titleLine: 'санжырасы',
  summary: '{{generations}} муун, {{persons}} адам',
  contents: 'Мазмуну',
  chapter: '{{n}}-муун',
  namesIndex: 'Аттар көрсөткүчү',
  notes: 'Булактар',
  father: 'Атасы',
  mother: 'Энеси',
  /** The spouse's word by the person's own sex: a man's wife, a woman's husband. */
  spouse: { M: 'Аялы', F: 'Күйөөсү', U: 'Жубайы' },
  otherNames: 'Башка аттары',
  children: 'Балдары',
  /** Children of the last generation printed, who are not in the book. */
  childrenOutside: 'Балдары: {{count}} (бул китепте жок)',
  page: 'барагы {{page}}',
  /** A living (or restricted) person, to a reader who may not see them (the person page's words). */
  hidden: 'Бул тирүү адам: анын маалыматы коноктордон жашырылган.',
  /** On the title page and after the last chapter when the branch is larger than a book holds. */
  truncated: 'Китепке {{persons}} адам гана батты: калган урпактары бул жерде жок.',
  /** A file name's tail: "Асан санжырасы.pdf". */
  fileName: '{{name}} санжырасы.pdf',
} as const;

/** `template` with each `{{key}}` replaced by `values[key]`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
