/**
 * Malformed requests for the fuzzer (fuzz.test.ts, issue 10), generated from the OpenAPI document: each route's
 * path parameters, query parameters and JSON body schema give a plausible request, which is then broken in one of
 * many ways (bad, missing and extra fields, wrong types, huge and NaN-ish numbers, control and odd unicode
 * characters, very long text, bad ids, malformed JSON, wrong content types, oversized and bogus multipart bodies).
 * A seeded generator, so a failure names a seed that reproduces it.
 */

/** The part of a JSON schema (as @fastify/swagger writes it from zod) that generation reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface OperationShape {
  method: string;
  /** The OpenAPI path: '/api/project/{id}'. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON body schema, when the route declares one. */
  body: JsonSchema | undefined;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the document as 'METHOD /path' with what generation needs. */
export function operationsOf(document: OpenApiDocument): Map<string, OperationShape> {
  const operations = new Map<string, OperationShape>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.set(`${method.toUpperCase()} ${path}`, {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** mulberry32: small, fast and good enough to pick cases; the same seed gives the same cases. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(items.length)] as T;
  };
  return { next, int, pick, chance: (probability: number) => next() < probability };
}
export type Random = ReturnType<typeof randomSource>;

/** Text that has broken servers: control characters, odd unicode, NaN-ish and huge numerals, injections, length. */
export const BAD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31mred',
  'del\u007f',
  'nel\u0085',
  'csi\u009b',
  '\ud800',
  'lone \udfff',
  '\ufeffbom',
  'rtl \u202eevil',
  'zwj \u200d',
  '\uffff',
  '\ufffd',
  '😀👩‍👩‍👧',
  'क्‍ष सेक्टर',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-309',
  '0x1f',
  '1_000',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '1.5',
  ' 42 ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%',
  '%00',
  '\\',
  '$1',
  '${x}',
  '<script>alert(1)</script>',
  'a@b',
  '@',
  'x@example.com\u0000',
  '+91 98450 12345',
  '0000000000',
  '₹ 85,00,000',
  '1.2 cr',
  '80 lakh',
  '9'.repeat(400),
  'a'.repeat(1_000),
  'a'.repeat(70_000),
  '\n'.repeat(200),
  'x\r\ny',
  '\t',
  '😀'.repeat(5_000),
  `${'a'.repeat(60)}!`,
  'ś'.repeat(300),
];

export const BAD_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -0,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  9_007_199_254_740_991,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER * 100,
];

/** JSON text that JSON.stringify cannot make: numbers that parse to Infinity, odd escapes. */
const RAW_JSON_VALUES: readonly string[] = ['1e999', '-1e999', '1E400', '0.0000000000000000000000001e-400', '"\\u0000"', '"\\ud800"', '"\\u202e"', '123456789012345678901234567890'];

/** Whole bodies that are not the JSON a route wants. */
const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'null',
  'true',
  '0',
  '-1',
  '"text"',
  '[]',
  '[{}]',
  '{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"a":"\\x00"}',
  'NaN',
  '1e999',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
];

export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  '',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
  ';;;',
];

/**
 * Raw (already percent-encoded) bad values for a path parameter that still address the route: the router takes
 * them as the parameter, so the route's own hooks (sign-in first) and validation answer.
 */
const ROUTABLE_BAD_IDS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  'abc',
  '%00',
  '1%00',
  '99999999999',
  '2147483648',
  '9007199254740993',
  '1e309',
  '1e3',
  'NaN',
  'Infinity',
  '0x10',
  '%20%201',
  '1%20',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%0D%0ASet-Cookie:%20x=1',
  '%5B%5D',
  '__proto__',
  'constructor',
  'true',
];

/**
 * Bad values the router itself answers before any route (400 for an undecodable URL, 414 for a parameter over its
 * length limit, 404 when the path no longer names the route): a guest sending them never reaches a route's hooks.
 */
const UNROUTABLE_VALUES: readonly string[] = ['%2F', '..', '%2E%2E', '%E0%A4', '%C0%80', '%FF', '%zz', '%', '9'.repeat(300), 'a'.repeat(5_000), ''];

/** Raw values for a query string: all of the above are just text there. */
export const RAW_URL_VALUES: readonly string[] = [...ROUTABLE_BAD_IDS, ...UNROUTABLE_VALUES];

function encode(value: string): string {
  // encodeURIComponent throws on a lone surrogate: such a value goes as the broken bytes a client could send.
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Values the world makes valid (ids that exist), so a share of requests gets past validation into the database. */
export interface Plausible {
  ids: readonly number[];
  text: (name: string) => string | undefined;
}

function numberIn(schema: JsonSchema, random: Random, plausible: Plausible, integer: boolean): number {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0);
  const high = Math.min(schema.maximum ?? 1_000, low + 1_000);
  if (integer && low >= 1 && random.chance(0.7)) return random.pick(plausible.ids);
  const value = low + random.int(Math.max(1, high - low + 1));
  return integer ? value : value + (random.chance(0.3) ? 0.5 : 0);
}

/** A value that satisfies `schema` as far as generation can tell (names like email or phone get their shape). */
export function plausibleValue(schema: JsonSchema, random: Random, plausible: Plausible, name = '', depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return plausibleValue(random.pick(branches), random, plausible, name, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  const type = random.pick(types.filter((each) => each !== 'null').length > 0 ? types.filter((each) => each !== 'null') : types);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
      return numberIn(schema, random, plausible, true);
    case 'number':
      return numberIn(schema, random, plausible, name !== 'ratingValue' && random.chance(0.8));
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1 + random.int(2));
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, () => plausibleValue(schema.items ?? {}, random, plausible, name, depth + 1));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      if (depth > 4) return value;
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.5)) value[key] = plausibleValue(property, random, plausible, key, depth + 1);
      }
      return value;
    }
    default: {
      const known = plausible.text(name);
      if (known !== undefined) return known;
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
      return 'Fuzzy text words'.padEnd(length, 'x').slice(0, Math.max(length, schema.minLength ?? 0));
    }
  }
}

/** Any JSON value that is likely wrong where it lands. */
export function badValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 4 : 7)) {
    case 0:
    case 1:
      return random.pick(BAD_STRINGS);
    case 2:
      return random.pick(BAD_NUMBERS);
    case 3:
      return random.pick([null, true, false]);
    case 4:
      return Array.from({ length: random.int(4) }, () => badValue(random, depth + 1));
    case 5:
      return { [random.pick(['a', '__proto__', 'constructor', 'approval', 'id', ''])]: badValue(random, depth + 1) };
    default:
      return random.chance(0.5) ? Array.from({ length: 2_000 }, (_, index) => index) : { nested: { deeper: { deepest: random.pick(BAD_STRINGS) } } };
  }
}

/** Fields no request may set; a strict schema must name them, a stripping one drop them. */
const EXTRA_FIELDS = ['approval', 'status', 'ownerId', 'brokerId', 'role', 'id', 'userId', 'isAdmin', 'stage', 'x'.repeat(300), ''];

/** Breaks 1 to 3 places of a plausible body: a wrong value, a missing field, an extra one. */
export function mutate(value: unknown, random: Random, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 4) return badValue(random);
  if (Array.isArray(value)) {
    if (value.length === 0 || random.chance(0.3)) return random.chance(0.5) ? [...value, badValue(random)] : badValue(random);
    const copy = [...value];
    const index = random.int(copy.length);
    copy[index] = mutate(copy[index], random, depth + 1);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const edits = 1 + random.int(3);
  for (let edit = 0; edit < edits; edit += 1) {
    const roll = random.int(10);
    const key = keys.length > 0 ? random.pick(keys) : undefined;
    if (roll < 5 && key !== undefined) copy[key] = random.chance(0.7) ? badValue(random) : mutate(copy[key], random, depth + 1);
    else if (roll < 7 && key !== undefined) delete copy[key];
    else copy[random.pick(EXTRA_FIELDS)] = badValue(random);
  }
  return copy;
}

/** JSON text of `value` with one number or string swapped for JSON that JSON.stringify cannot write (1e999, "\u0000"). */
export function rawJsonOf(value: unknown, random: Random): string {
  const text = JSON.stringify(value) ?? 'null';
  const literal = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  const spots = [...text.matchAll(literal)].filter((match) => !text.slice((match.index ?? 0) + match[0].length).trimStart().startsWith(':'));
  if (spots.length === 0) return random.pick(RAW_BODIES);
  const spot = random.pick(spots);
  const at = spot.index ?? 0;
  return `${text.slice(0, at)}${random.pick(RAW_JSON_VALUES)}${text.slice(at + spot[0].length)}`;
}

export function rawBody(random: Random): string {
  return random.pick(RAW_BODIES);
}

/** A body just over the server's 1 MiB limit (or well over a route's own smaller one). */
export function oversizedBody(random: Random): string {
  return random.chance(0.5) ? JSON.stringify({ name: 'x'.repeat(1_100_000) }) : `[${'1,'.repeat(600_000)}1]`;
}

/** Multipart bodies that lie about themselves, and a few honest ones with files that are not photos. */
export function bogusMultipart(random: Random): { payload: string | Buffer; contentType: string } {
  const boundary = random.pick(['x', 'nivaas', '-'.repeat(70), 'b'.repeat(300), '', '"quoted"']);
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
  const bodies: string[] = [
    '{"x":1}',
    '',
    `--${boundary}--\r\n`,
    `${part('Content-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg', 'not a jpeg')}--${boundary}--\r\n`,
    `${part('Content-Disposition: form-data; name="photos"; filename="a.jpg"', 'cut short')}`,
    `${part('Garbage header', 'abc')}--${boundary}--\r\n`,
    `${part('Content-Disposition: form-data; name="__proto__"', 'x')}--${boundary}--\r\n`,
    `${part('Content-Disposition: form-data; name="photos"; filename="\u0000.jpg"\r\nContent-Type: image/jpeg', '\u0000\u0000')}--${boundary}--\r\n`,
    `${part(`Content-Disposition: form-data; name="photos"; filename="${'n'.repeat(5_000)}.png"`, 'x')}--${boundary}--\r\n`,
    `${Array.from({ length: 40 }, (_, index) => part(`Content-Disposition: form-data; name="photos"; filename="f${index}.jpg"`, 'v')).join('')}--${boundary}--\r\n`,
    `${Array.from({ length: 40 }, (_, index) => part(`Content-Disposition: form-data; name="field${index}"`, 'v')).join('')}--${boundary}--\r\n`,
    `${part('Content-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg', 'x'.repeat(200_000))}--${boundary}--\r\n`,
  ];
  const contentType = random.pick([`multipart/form-data; boundary=${boundary}`, 'multipart/form-data', `multipart/mixed; boundary=${boundary}`, `multipart/form-data; boundary=${boundary}; charset=utf-16`]);
  return { payload: random.pick(bodies), contentType };
}

/** A query string for `shape`: plausible values with some broken, unknown and repeated keys, raw bad encodings. */
export function queryString(shape: OperationShape, random: Random, plausible: Plausible, broken: boolean): string {
  const pairs: string[] = [];
  for (const { name, schema } of shape.query) {
    if (!broken && random.chance(0.4)) continue;
    if (broken && random.chance(0.3)) {
      pairs.push(`${name}=${random.chance(0.5) ? random.pick(RAW_URL_VALUES) : encode(String(badValue(random)))}`);
      if (random.chance(0.1)) pairs.push(`${name}=${random.pick(RAW_URL_VALUES)}`);
      continue;
    }
    if (random.chance(0.5)) continue;
    const value = plausibleValue(schema, random, plausible, name);
    pairs.push(`${name}=${encode(Array.isArray(value) ? value.join(',') : String(value))}`);
  }
  if (broken && random.chance(0.3)) pairs.push(`${random.pick(['x', 'approval', 'status', '__proto__', '%00', 'a[b]', ''])}=${random.pick(RAW_URL_VALUES)}`);
  if (broken && random.chance(0.05)) pairs.push(`flood=${'f'.repeat(20_000)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : random.chance(0.1) ? '?' : '';
}

/**
 * The path with its parameters filled: existing ids, or bad ones. `routable` keeps to bad values that still address
 * the route, for requests whose answer must come from the route's own hooks.
 */
export function pathOf(shape: OperationShape, random: Random, plausible: Plausible, broken: boolean, routable: boolean): string {
  const bad = routable ? ROUTABLE_BAD_IDS : RAW_URL_VALUES;
  return shape.path.replace(/\{(\w+)\}/g, () => (broken && random.chance(0.6) ? random.pick(bad) : String(random.pick(plausible.ids))));
}

/** Control characters the one rule for text refuses in every field (issue 10): NUL, ESC, DEL, a C1 and a lone surrogate. */
const REFUSED_TEXT = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b'];

export interface FieldCase {
  /** The query parameter or body field that carries the refused text. */
  field: string;
  url: string;
  payload?: string;
}

/**
 * One request per query parameter and per top-level body field of `shape`, everything else plausible, that field
 * holding a control character: each must be refused with a 400 naming it. Deterministic, so no field is left to
 * chance.
 */
export function fieldCases(shape: OperationShape, random: Random, plausible: Plausible): FieldCase[] {
  const path = pathOf(shape, random, plausible, false, true);
  // A URL cannot carry a lone surrogate (its bytes decode to U+FFFD), so query values take the others.
  const inUrl = REFUSED_TEXT.filter((text) => !/[\ud800-\udfff]/.test(text));
  const cases: FieldCase[] = shape.query.map(({ name }) => ({ field: name, url: `${path}?${name}=${encode(random.pick(inUrl))}` }));
  const properties = Object.keys(shape.body?.properties ?? {});
  for (const field of properties) {
    const body = plausibleValue(shape.body ?? {}, random, plausible) as Record<string, unknown>;
    cases.push({ field, url: path, payload: JSON.stringify({ ...body, [field]: random.pick(REFUSED_TEXT) }) });
  }
  return cases;
}
