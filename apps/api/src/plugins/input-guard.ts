import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FieldValidationError, HttpError } from '../lib/http-errors';

export const inputGuardMessages = {
  badCharacters: 'Текстте уруксат берилбеген белгилер бар.',
  malformedMultipart: 'Файл жөнөтүлгөн сурамдын түзүлүшү туура эмес.',
} as const;

const NON_FIELD = 'non_field_errors';

/**
 * Text PostgreSQL cannot store or that is not Unicode at all: U+0000 (refused by `text`
 * columns, a 500 deep in a query) and lone UTF-16 surrogates (JSON's `"\ud800"`,
 * silently turned into U+FFFD on the way to the database).
 */
export const isBadText = (text: string): boolean => text.includes('\0') || !text.isWellFormed();

/** Enough named fields for an answer; a body full of bad text is not walked to its end. */
const MAX_REPORTED = 20;

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

const nameOf = (node: Node | null): string => {
  const keys: string[] = [];
  for (let at = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.length === 0 ? NON_FIELD : keys.reverse().join('.');
};

/**
 * The dotted names (`options.1.text`, like the validation errors) of the bad strings in
 * `value`, keys included: a bad key names its parent. Walks with its own stack and parent
 * links, so a JSON body nested a million levels deep costs neither recursion nor copies.
 */
export function badTextFields(value: unknown): string[] {
  const found = new Set<string>();
  const stack: Node[] = [{ value, key: '', parent: null }];
  while (stack.length > 0 && found.size < MAX_REPORTED) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (isBadText(current)) found.add(nameOf(node));
    } else if (Array.isArray(current)) {
      current.forEach((item, index) =>
        stack.push({ value: item, key: String(index), parent: node }),
      );
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (isBadText(key)) found.add(nameOf(node));
        else stack.push({ value: item, key, parent: node });
      }
    }
  }
  return [...found];
}

/** Like `badTextFields`, but a repeated key (an array) is named by the key, as zod names it. */
function badQueryFields(query: unknown): string[] {
  if (query === null || typeof query !== 'object') return [];
  return Object.entries(query).flatMap(([key, value]) =>
    isBadText(key) ? [NON_FIELD] : badTextFields(value).length > 0 ? [key] : [],
  );
}

function refuse(fields: string[]): never {
  const message = inputGuardMessages.badCharacters;
  throw new FieldValidationError(Object.fromEntries(fields.map((field) => [field, [message]])));
}

/**
 * 400 naming the part when a multipart field, its name or a file name carries bad text (see
 * `isBadText`); a refused file's bytes are drained so that the request can end.
 */
export function assertGoodPart(part: {
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: { resume: () => unknown };
}) {
  const field = isBadText(part.fieldname)
    ? NON_FIELD
    : (part.filename !== undefined && isBadText(part.filename)) ||
        (typeof part.value === 'string' && isBadText(part.value))
      ? part.fieldname
      : undefined;
  if (field === undefined) return;
  part.file?.resume();
  refuse([field]);
}

/**
 * A multipart body that ends before its closing boundary: @fastify/busboy raises these as
 * plain Errors with no code ("Unexpected end of multipart data", "Part terminated early…").
 */
export const isTruncatedMultipart = (error: unknown): boolean =>
  error instanceof Error && /unexpected end of multipart data/i.test(error.message);

// RFC 2046: 1 to 70 characters, quoted or not.
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/** A multipart request busboy would refuse with a plain Error (a 500) as soon as it is read. */
function isMalformedMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !/^\s*multipart\//i.test(type)) return false;
  return !BOUNDARY.test(type);
}

/**
 * Checks what every request carries before any handler sees it: the query string, the
 * path parameters and a JSON body (at any depth, keys too) must hold no text that
 * `isBadText` refuses (400 naming each field), and a multipart request needs its boundary.
 * Multipart parts are streamed by the handlers, which call `assertGoodPart` on each.
 */
export const inputGuardPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (isMalformedMultipart(request)) {
        throw new HttpError(400, inputGuardMessages.malformedMultipart);
      }
      const fields = [
        ...badQueryFields(request.query),
        ...badTextFields(request.params),
        ...badTextFields(request.body),
      ];
      if (fields.length > 0) refuse([...new Set(fields)]);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
