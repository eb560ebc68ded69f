import type { App } from '../../app';

/**
 * The app's route table, for the living-person property (privacy.routes.test.ts): every
 * method and path Fastify has registered (`printRoutes`, so that a route left out of the API
 * description is found too), with what the OpenAPI document built from the routes' zod
 * schemas says of it (`app.swagger()`): its query parameters, who may call it, and whether
 * its answer holds persons.
 */

export interface TableRoute {
  /** `GET /api/persons/:id/children`: Fastify's form, without the trailing slash. */
  key: string;
  method: string;
  path: string;
  /** The path's parameters, each named with the segment before it: `persons/:id`. */
  params: string[];
  /** Query parameters of the OpenAPI document. */
  query: { name: string; required: boolean }[];
  /** Not in the OpenAPI document (swagger-ui's own routes, `schema.hide`). */
  undocumented: boolean;
  /** Documented without security, or with an empty alternative (the token is optional). */
  guest: boolean;
  /** The 200 answer's schema holds a person-shaped object (see `PERSON_FIELDS`). */
  returnsPersons: boolean;
}

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * An object with `id` and `name` and one of these is a person as the privacy rule sees it
 * (PersonSummary, FamilyMember, ChainPerson, RelationStep, SearchResult…): the fields a
 * guest may not see of a living person. A bare link (`{id, name}`) is not: the name is public.
 */
const PERSON_FIELDS = [
  'sex',
  'birth_year',
  'death_year',
  'mother_id',
  'living',
  'is_living',
  'restricted',
  'birth_place',
  'biography',
];

function holdsPerson(
  schema: JsonSchema | undefined,
  doc: OpenApi,
  seen = new Set<string>(),
): boolean {
  if (!schema) return false;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return false;
    seen.add(name);
    return holdsPerson(doc.components?.schemas?.[name], doc, seen);
  }
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.includes('id') && keys.includes('name') && PERSON_FIELDS.some((f) => keys.includes(f))) {
    return true;
  }
  const nested: (JsonSchema | boolean | undefined)[] = [
    ...Object.values(properties),
    ...(Array.isArray(schema.items) ? schema.items : [schema.items]),
    schema.additionalProperties,
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return nested.some((part) => typeof part === 'object' && holdsPerson(part, doc, seen));
}

/** Every method and path of the app, read from `printRoutes`' tree (4 columns per level). */
function registeredRoutes(app: App): { method: string; path: string }[] {
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

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** The routes under /api/ with what their OpenAPI operation says. */
export function routeTable(app: App): TableRoute[] {
  const doc = app.swagger() as unknown as OpenApi;
  const operations = new Map<string, Operation>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const fastifyPath = withoutSlash(path.replace(/\{(\w+)\}/g, ':$1'));
      operations.set(`${method.toUpperCase()} ${fastifyPath}`, operation);
    }
  }
  return (
    registeredRoutes(app)
      // A wildcard hangs under its folder's node, printed without the slash: `/api/docs*`.
      .map(({ method, path }) => ({
        method,
        path: withoutSlash(path).replace(/([^/])\*$/, '$1/*'),
      }))
      .filter(({ path }) => path === '/api' || path.startsWith('/api/'))
      .map(({ method, path }) => {
        const key = `${method} ${path}`;
        const operation = operations.get(key);
        const segments = path.split('/');
        const params = segments.flatMap((segment, index) =>
          segment.startsWith(':') || segment === '*' ? [`${segments[index - 1]}/${segment}`] : [],
        );
        const security = operation?.security;
        const answer = operation?.responses?.['200']?.content?.['application/json']?.schema;
        return {
          key,
          method,
          path,
          params,
          query: (operation?.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map(({ name, required }) => ({ name, required: required === true })),
          undocumented: operation === undefined,
          guest: !security || security.some((scheme) => Object.keys(scheme).length === 0),
          returnsPersons: holdsPerson(answer, doc),
        };
      })
  );
}

/** Every combination of one value per list: `[[1, 2], [3]]` → `[[1, 3], [2, 3]]`. */
export function combinations<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>(
    (done, values) => done.flatMap((prefix) => values.map((value) => [...prefix, value])),
    [[]],
  );
}
