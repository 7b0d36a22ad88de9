import fc from 'fast-check';

/**
 * Generators of bad request bodies for property tests. Family "invalid" is never a valid input
 * for a strict schema (it always carries an unknown field, or is not an object at all); family
 * "plausible" uses common field names with hostile values, which a route may accept.
 */

/** Field names that no schema of ours declares. */
const UNKNOWN_PREFIX = 'zz_junk_';
export const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
];
const COMMON_FIELDS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'role',
  'team_id',
  'title',
  'body',
  'code',
  'token',
  'abilities',
  'permissions',
  'id',
  'remember',
  'terms',
];

/** Strings a parser or a database may trip on. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // lone surrogates (what "invalid UTF-8" becomes in a JS string), NUL (Postgres text refuses it)
  fc.constantFrom(
    '\uD800',
    'a\uDC00b',
    '\u0000',
    'x\u0000y',
    '\uFFFE\uFFFF',
    '\u202E\u2028\u2029',
    '%00',
    '%C0%AF',
    '\\u0000',
  ),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${process.env}',
    '../../etc/passwd',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -0, -1, 2 ** 53 + 1, 1e308, Number.MAX_SAFE_INTEGER, 1.5),
);

export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTO_KEYS)),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

const unknownKey = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => UNKNOWN_PREFIX + s),
  fc.constantFrom(...PROTO_KEYS.map((k) => k)),
  fc.constant('x'.repeat(2000)),
);

function withOwn(o: Record<string, unknown>, key: string, value: unknown) {
  // defineProperty so '__proto__' becomes a real own key (as JSON.parse would make it)
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
  return o;
}

/** An object that must be refused: at least one field no schema declares, maybe hostile known ones. */
export const invalidObject = fc
  .tuple(
    unknownKey,
    junkValue,
    fc.dictionary(fc.constantFrom(...COMMON_FIELDS), junkValue, { maxKeys: 4 }),
    fc.dictionary(unknownKey, junkValue, { maxKeys: 3 }),
  )
  .map(([k, v, known, more]) => {
    const o: Record<string, unknown> = {};
    for (const [a, b] of Object.entries(known)) withOwn(o, a, b);
    for (const [a, b] of Object.entries(more)) withOwn(o, a, b);
    // the guaranteed unknown field: never one of the PROTO_KEYS alone, which JSON.stringify keeps but some parsers drop
    withOwn(o, k.startsWith(UNKNOWN_PREFIX) ? k : `${UNKNOWN_PREFIX}${k}`, v);
    if (PROTO_KEYS.includes(k)) withOwn(o, k, v);
    return o;
  });

/** Bodies that must be refused: invalid objects, or JSON that is not an object at all. */
export const invalidBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: invalidObject },
  { weight: 1, arbitrary: fc.array(junkValue, { minLength: 1, maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      hostileString.filter((s) => s !== ''),
      hostileNumber,
      fc.boolean(),
    ),
  },
);

/** Known-looking fields with hostile values: may be accepted; must never break the server. */
export const plausibleBody = fc.dictionary(fc.constantFrom(...COMMON_FIELDS), junkValue, {
  minKeys: 1,
  maxKeys: 5,
});

/** Form encoding with bracket nesting (a[b][0]=c), keeping hostile keys as they are. */
export function toForm(body: unknown): string {
  const pairs: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (v !== null && typeof v === 'object') {
      const entries = Array.isArray(v)
        ? v.map((x, i) => [String(i), x] as const)
        : Object.entries(v);
      if (!entries.length) pairs.push(`${encodeLoose(prefix)}=`);
      for (const [k, x] of entries) walk(prefix ? `${prefix}[${k}]` : k, x);
    } else {
      pairs.push(`${encodeLoose(prefix || 'value')}=${encodeLoose(String(v))}`);
    }
  };
  walk('', body);
  return pairs.join('&');
}

// a surrogate pair, or a lone surrogate (no `u` flag: the pattern sees UTF-16 code units)
const SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/** encodeURIComponent that turns a lone surrogate into the invalid UTF-8 bytes a sloppy client would send. */
export function encodeLoose(s: string) {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(SURROGATES)) {
    out += encodeURIComponent(s.slice(last, m.index));
    out += m[0].length === 2 ? encodeURIComponent(m[0]) : '%ED%A0%80';
    last = m.index + m[0].length;
  }
  return out + encodeURIComponent(s.slice(last));
}
