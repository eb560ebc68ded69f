import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, inject, it } from 'vitest';
import { loadDemoDataOnce } from './demo/seed';
import { multipartBody, pdfFile } from './modules/files/test/fixtures';
import { createTestApp } from './test/app';
import { testPostgresUrl } from './test/databases';
import { createTestUser } from './test/factories';

/*
 * Hostile input against every registered route, as a guest, a member and an admin: nothing
 * may answer 5xx, and every 4xx must be JSON in the API's error shape (docs/genealogy.md, API
 * conventions). The routes come from the app itself (`printRoutes`), their parameter and body keys
 * from the OpenAPI document built from the same zod schemas.
 *
 * With PostgreSQL the suite runs this file on both databases, and the routes are shared out:
 * PGlite, about five times slower at this, takes one route in four and PostgreSQL the rest, so
 * both drivers see hostile input and the whole set is paid for once. Without PostgreSQL, PGlite
 * takes every route.
 */

const SEED = 20_261_124;
const GENERATED_RUNS = 6;

const webDist = mkdtempSync(join(tmpdir(), 'bagysh-fuzz-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Багыш</title></head><body></body></html>',
);
const unlimited = 1_000_000;
const app = await createTestApp({
  webDistDir: webDist,
  loginRateLimit: unlimited,
  loginFailureLimit: unlimited,
  registerRateLimit: unlimited,
  refreshRateLimit: unlimited,
  contactRateLimit: unlimited,
});
// The demo tree, news and poll (with an admin as the poll's author), and a file uploaded with
// its bytes: ids 1, 2… reach rows, so that hostile bodies get past "not found" into the handlers.
const author = await createTestUser(app, { role: 'admin' });
await loadDemoDataOnce(app.db);
const pdf = multipartBody([
  { name: 'file', filename: 'test.pdf', value: pdfFile(), contentType: 'application/pdf' },
]);
const uploaded = await app.inject({
  method: 'POST',
  url: '/api/files/',
  headers: { ...pdf.headers, ...author.headers },
  payload: pdf.payload,
});
if (uploaded.statusCode !== 201) throw new Error(`the fuzz's file: ${uploaded.body}`);

// ---------------------------------------------------------------------------------------
// Routes

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
}

interface Route {
  method: string;
  /** Fastify's form: `/api/files/:id`. */
  path: string;
  params: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

/** Every method and path of the app, read from `printRoutes`' tree (4 columns per level). */
function registeredRoutes(): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth === 0 ? '' : (stack[depth - 1] ?? '')) + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim())) {
      if (method && method !== 'HEAD') found.push({ method, path });
    }
  }
  return found;
}

const docs = (await app.inject({ url: '/api/docs/json' })).json<{
  paths: Record<string, Record<string, OpenApiOperation>>;
}>();
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
const documented = new Map(
  Object.entries(docs.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => [
      `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '')}`,
      operation,
    ]),
  ),
);

const routes: Route[] = registeredRoutes().map(({ method, path }) => {
  const operation = documented.get(`${method} ${path.replace(/\/$/, '')}`);
  const query = Object.fromEntries(
    (operation?.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, parameter.schema]),
  );
  return {
    method,
    path,
    params: [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*'),
    query,
    body: operation?.requestBody?.content['application/json']?.schema,
  };
});

// ---------------------------------------------------------------------------------------
// Hostile values

const LONG = 'ы'.repeat(50 * 1024); // 100 KB of UTF-8
const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '',
  '   ',
  LONG,
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u202Egpj.exe',
  '\u200B\u200D\uFEFF',
  '👨‍👩‍👧‍👦🇰🇬',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '１２３',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
];

const hostileValues: unknown[] = [
  ...hostileStrings,
  1e308,
  -1e308,
  -1,
  0,
  1.5,
  2 ** 53 + 2,
  -2_147_483_649,
  2_147_483_648,
  true,
  null,
  [],
  ['\u0000'],
  [LONG, LONG],
  {},
  { a: '\ud800' },
  [[[[{}]]]],
];

/** URL-encoded; a lone surrogate cannot be, so it goes as the bytes of one (CESU-8). */
const encode = (text: string) => (text.isWellFormed() ? encodeURIComponent(text) : '%ED%A0%80');
const hostileInUrl = [
  ...hostileStrings.map(encode),
  '%',
  '%zz',
  '%C0%80',
  '%FF',
  '1',
  '2',
  '2147483648',
];

/** Bodies sent as raw text with a JSON content type. */
const rawJson = [
  '{"a":',
  '',
  'NaN',
  '{"x":NaN}',
  '{"x":1e999}',
  '[]',
  'null',
  '"text"',
  '123',
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"\\u0000":1}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
];

/** Bodies that are not JSON, or not what their content type says. */
const wrongTypes: { type: string; payload: string | Buffer }[] = [
  { type: 'text/plain', payload: 'x' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=%00&b=1' },
  { type: 'application/xml', payload: '<a/>' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'multipart/form-data', payload: 'abc' },
  { type: 'multipart/form-data; boundary=x', payload: 'garbage' },
  { type: 'application/octet-stream', payload: Buffer.from([0, 255, 0]) },
];

const hostileForm = multipartBody([
  { name: 'description', value: 'a\u0000' },
  { name: 'file', filename: '../\u0000\u202E.ged', value: '0 HEAD\n0 TRLR\n' },
]);

// ---------------------------------------------------------------------------------------
// Valid-looking values from a JSON schema, with hostile ones mixed in (the generated part)

function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validOf(schema, depth), weight: 3 },
    { arbitrary: fc.constantFrom(...hostileValues), weight: 1 },
  );
}

function validOf(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union && union.length > 0) return fc.oneof(...union.map((s) => arbitraryOf(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const withNull = (arbitrary: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
  switch (type) {
    case 'string': {
      if (schema.format === 'date-time' || schema.format === 'date') {
        const date = fc.date({
          min: new Date('1000-01-01'),
          max: new Date('2100-01-01'),
          noInvalidDate: true,
        });
        return withNull(
          date.map((d) =>
            schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString(),
          ),
        );
      }
      if (schema.format === 'email') return withNull(fc.emailAddress());
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return withNull(fc.string({ unit: 'grapheme', minLength, maxLength }));
    }
    case 'integer':
      return withNull(
        fc.integer({
          min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
          max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1),
        }),
      );
    case 'number':
      return withNull(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }));
    case 'boolean':
      return withNull(fc.boolean());
    case 'array':
      return withNull(
        depth > 3
          ? fc.constant([])
          : fc.array(arbitraryOf(schema.items, depth + 1), {
              maxLength: Math.min(schema.maxItems ?? 4, 4),
            }),
      );
    default: {
      if (!schema.properties || depth > 3) return withNull(fc.jsonValue({ maxDepth: 1 }));
      const shape = Object.fromEntries(
        Object.entries(schema.properties).map(([key, s]) => [key, arbitraryOf(s, depth + 1)]),
      );
      return withNull(fc.record(shape, { requiredKeys: schema.required ?? [] }));
    }
  }
}

// ---------------------------------------------------------------------------------------
// The checks

type Headers = Record<string, string>;

function isErrorShape(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 1 && typeof (body as { detail?: unknown }).detail === 'string') {
    return true;
  }
  return (
    entries.length > 0 &&
    entries.every(
      ([, value]) =>
        Array.isArray(value) && value.length > 0 && value.every((m) => typeof m === 'string'),
    )
  );
}

/** Sends one request; throws, naming the request, on a 5xx or a 4xx not in the error shape. */
async function probe(request: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject(request);
  const { statusCode } = response;
  let fault: string | undefined;
  if (statusCode >= 500) fault = `answered ${statusCode}`;
  else if (statusCode >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    // A page that does not exist is the site's page with a 404 (the SPA shows not-found).
    const path = (typeof request.url === 'string' ? request.url : '').split('?')[0] ?? '';
    const pageNotFound =
      statusCode === 404 && !path.startsWith('/api') && type.startsWith('text/html');
    if (!pageNotFound && (!type.startsWith('application/json') || !isErrorShape(body))) {
      fault = `answered ${statusCode} outside the error shape`;
    }
  }
  if (fault) {
    const shown = (value: unknown) => {
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
      return text.length > 300 ? `${text.slice(0, 300)}…` : text;
    };
    throw new Error(
      `${request.method} ${shown(request.url)} ${fault}\n` +
        `  content-type: ${shown(request.headers?.['content-type'])}\n` +
        `  payload: ${shown(Buffer.isBuffer(request.payload) ? request.payload.toString() : request.payload)}\n` +
        `  response: ${shown(response.body)}`,
    );
  }
  return response;
}

const fill = (route: Route, value: string) =>
  route.path.replace(/:\w+|\*/g, () => value).replace(/([^/])$/, '$1/');

/**
 * Fuzzes one route as one visitor: `withUrl` sends every hostile value in every parameter and
 * query key, `withBody` every hostile body; the generated runs mix hostile values into valid
 * requests either way.
 */
async function fuzzRoute(
  route: Route,
  headers: Headers,
  { withUrl, withBody }: { withUrl: boolean; withBody: boolean },
) {
  const method = route.method as InjectOptions['method'];
  const url = fill(route, '1');
  const send = (request: Omit<InjectOptions, 'method'>) =>
    probe({ method, ...request, headers: { ...headers, ...request.headers } });

  if (withUrl) {
    for (const value of hostileInUrl) {
      if (route.params.length > 0) await send({ url: fill(route, value) });
      for (const key of [...Object.keys(route.query), 'zzz']) {
        await send({ url: `${url}?${key}=${value}` });
      }
    }
    for (const key of Object.keys(route.query)) {
      await send({ url: `${url}?${key}=1&${key}=%00&${key}[a]=2` });
    }
    await send({ url: `${url}?%00=1&__proto__[x]=1&constructor[prototype][x]=1` });
  }

  if (withBody) await fuzzBody(route, url, send);

  // Generated: mostly valid bodies and queries from the schemas, with hostile values mixed in.
  const queryArbitrary = fc.dictionary(
    fc.constantFrom(...Object.keys(route.query), 'zzz'),
    fc.oneof(fc.constantFrom(...hostileInUrl), fc.string({ maxLength: 20 }).map(encode)),
    { maxKeys: 3 },
  );
  await fc.assert(
    fc.asyncProperty(
      withBody ? arbitraryOf(route.body) : fc.constant(undefined),
      queryArbitrary,
      fc.constantFrom('1', '2', '3'),
      async (body, query, id) => {
        const search = Object.entries(query)
          .map(([key, value]) => `${key}=${value}`)
          .join('&');
        await send({ url: `${fill(route, id)}?${search}`, payload: body as object | undefined });
      },
    ),
    { seed: SEED, numRuns: GENERATED_RUNS, endOnFailure: true },
  );
}

async function fuzzBody(
  route: Route,
  url: string,
  send: (request: Omit<InjectOptions, 'method'>) => Promise<LightMyRequestResponse>,
) {
  const keys = Object.keys(route.body?.properties ?? {});
  for (const key of [...keys, 'zzz']) {
    for (const value of hostileValues) await send({ url, payload: { [key]: value } });
  }
  for (const text of rawJson) {
    await send({ url, headers: { 'content-type': 'application/json' }, payload: text });
  }
  for (const { type, payload } of wrongTypes) {
    await send({ url, headers: { 'content-type': type }, payload });
  }
  await send({ url, headers: hostileForm.headers, payload: hostileForm.payload });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// With a PostgreSQL server, every eighth route is fuzzed on PGlite and the rest on PostgreSQL;
// without one, all on PGlite. A route takes PGlite about three times as long.
const PGLITE_SHARE = 8;
const mine =
  inject('dbKind') === 'postgres'
    ? (index: number) => index % PGLITE_SHARE !== 0
    : (index: number) => testPostgresUrl === undefined || index % PGLITE_SHARE === 0;

describe('every route survives hostile input', () => {
  it('found the routes and their schemas', () => {
    if (routes.length < 40) throw new Error(`only ${routes.length} routes found`);
    if (!routes.some((route) => route.body?.properties)) throw new Error('no body schemas');
  });

  for (const route of routes.filter((_, index) => mine(index))) {
    it(`${route.method} ${route.path}`, async () => {
      // Fresh users per route: an admin's fuzzed PATCH may well block yesterday's member.
      const member = await createTestUser(app);
      const admin = await createTestUser(app, { role: 'admin' });
      const withBody = MUTATING.has(route.method);
      // A visitor refused at the door (401 or 403 to a request without a body) gets no bodies:
      // the role guards refuse in onRequest, before the body is read. The admin's pass, let
      // through everywhere, sends every body.
      const stoppedAtDoor = async (headers: Headers) => {
        const door = await probe({
          method: route.method as InjectOptions['method'],
          url: fill(route, '1'),
          headers,
        });
        return door.statusCode === 401 || door.statusCode === 403;
      };
      // Every hostile URL once, as the admin whom no guard stops: the schema that refuses a
      // hostile path or query is the same for every visitor, and sending them three times made
      // this the slowest file of the suite. Guests and members meet the guards and the privacy
      // rules through the hostile bodies and the generated runs.
      const guestBody = withBody && !(await stoppedAtDoor({}));
      await fuzzRoute(route, {}, { withUrl: false, withBody: guestBody });
      const memberBody = withBody && !(await stoppedAtDoor(member.headers));
      await fuzzRoute(route, member.headers, { withUrl: false, withBody: memberBody });
      await fuzzRoute(route, admin.headers, { withUrl: true, withBody });
      // Some routes are heavy on PGlite under CI's load: a whole-tree export, fuzzed, ran past 60 s.
    }, 180_000);
  }
});
