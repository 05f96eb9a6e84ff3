import fc, { type Arbitrary } from 'fast-check';

/**
 * Texts that have broken servers before: characters PostgreSQL or UTF-8 cannot hold (NUL, lone
 * surrogates), direction and width tricks, combining marks, multi-unit emoji, spreadsheet
 * formulas, SQL, markup and template syntax, paths, line breaks and nothing at all.
 */
const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '\u200B\u200D\uFEFF',
  '👨‍👩‍👧‍👦🇯🇲',
  'Z̷̢͎̈́a̴̛͔l̸̰̈́g̵̟̈́o̶̰͝',
  '=HYPERLINK("http://example.com")',
  '+1+1',
  '-1',
  '@SUM(A1)',
  '\t=1',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00%ff%2e%2e%2f',
  '\r\n\r\n',
  'null',
  'undefined',
  '__proto__',
];

/** Any text: the hostile list, random code points (lone surrogates among them), or a mix of both. */
export function hostileText(): Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_TEXTS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.array(fc.constantFrom(...HOSTILE_TEXTS), { maxLength: 6 }).map((parts) => parts.join('')),
  );
}

/** Text far over any length a contract allows (cheap to build: one repeated unit). */
export function oversizedText(): Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('x', '€', '👍', '\u0301'), fc.constantFrom(1_000, 10_000, 100_000))
    .map(([unit, count]) => unit.repeat(count));
}

/** Numbers a money field must refuse or survive: signs, zero, fractions, 32/53-bit edges, huge. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  99.99,
  1e-9,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Values of every JSON type, for a field that expects another one. */
export const WRONG_TYPED: readonly unknown[] = [
  null,
  true,
  false,
  '',
  '100',
  '1e3',
  0,
  1.5,
  [],
  [1],
  {},
  { a: 1 },
];

/**
 * Raw JSON texts no serializer would write: numbers beyond doubles, a negative zero, duplicate
 * keys, prototype keys, truncation, deep nesting, and what is not JSON at all.
 */
export const RAW_BODIES: readonly string[] = [
  '',
  ' ',
  'null',
  '[]',
  '"text"',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"amount":1e400}',
  '{"amount":-0}',
  '{"amount":123456789012345678901234567890}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\uFEFF{}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
  'NaN',
  'undefined',
];

let keyCounter = 0;

/**
 * `Idempotency-Key` headers: mostly a fresh valid key, else one key shared by many requests
 * (replays, and the same key with another body), or one the key's pattern refuses, or none.
 */
export function idempotencyKeyHeader(): Arbitrary<string | string[] | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(null).map(() => `fuzz-${Date.now()}-${++keyCounter}`) },
    { weight: 1, arbitrary: fc.constantFrom('fuzz-shared-key-1', 'fuzz-shared-key-2') },
    {
      weight: 2,
      arbitrary: fc.constantFrom<string | string[] | undefined>(
        undefined,
        '',
        'short',
        'k'.repeat(256),
        'has spaces in it',
        'slash/in/the/key',
        'semi;colon;key',
        'caf\u00e9-latin1-key',
        ['fuzz-array-key-1', 'fuzz-array-key-2'],
      ),
    },
  );
}

/** Path segments no route's parameter accepts, some of them only once decoded. */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  'abc',
  '9'.repeat(16),
  '9'.repeat(19),
  '9'.repeat(300),
  '%',
  '%ff',
  '%00',
  '%2e%2e%2f',
  '..',
  '%E2%80%AE1',
  encodeURIComponent('👍'),
  encodeURIComponent('\u0661\u0662'),
  'null',
  '__proto__',
];
