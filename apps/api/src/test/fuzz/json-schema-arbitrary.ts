import fc, { type Arbitrary } from 'fast-check';
import { HOSTILE_NUMBERS, WRONG_TYPED, hostileText, oversizedText } from './hostile-values.ts';

/**
 * The JSON Schema the OpenAPI document carries for a route's body or parameter (OpenAPI 3.0's
 * dialect, as fastify-type-provider-zod writes zod 4's schemas). zod-fast-check only reads zod 3,
 * so the fuzz tests derive their inputs from this, the same document every client sees.
 */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** A flag on `minimum` in OpenAPI 3.0, the bound itself in JSON Schema 2020-12. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
}

/** Arrays and free texts stay short in generated values: length edges are probed separately. */
const SHORT = 8;

/** Values the schema accepts, its boundaries included. */
export function conformingValue(schema: JsonSchema): Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(conformingValue));
  switch (schema.type) {
    case 'string':
      return conformingText(schema);
    case 'integer': {
      const { low, high } = integerBounds(schema);
      return fc.oneof(
        fc.integer({ min: low, max: high }),
        fc.constantFrom(low, high),
        fc.integer({ min: low, max: Math.min(high, low + 100_000) }),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -Number.MAX_VALUE,
        max: schema.maximum ?? Number.MAX_VALUE,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(conformingValue(itemsOf(schema)), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? SHORT, SHORT),
      });
    case 'object':
      return conformingObject(schema);
    default:
      throw new Error(`No arbitrary for the JSON Schema ${JSON.stringify(schema)}`);
  }
}

/**
 * Values near and beyond the schema's edges, or of another type, mixed with conforming ones so
 * that accepted requests are exercised too.
 */
export function hostileValue(schema: JsonSchema): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: conformingValue(schema) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPED) },
    { weight: 3, arbitrary: beyondEdges(schema) },
  );
}

function beyondEdges(schema: JsonSchema): Arbitrary<unknown> {
  if (schema.enum) {
    const texts = schema.enum.filter((v): v is string => typeof v === 'string');
    return fc.oneof(
      fc.constantFrom(...texts.flatMap((v) => [v.toLowerCase(), ` ${v}`, `${v}\u0000`, `${v}X`])),
      hostileText(),
    );
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(beyondEdges));
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        hostileText(),
        oversizedText(),
        fc.constant('y'.repeat((schema.maxLength ?? 10_000) + 1)),
        // The contract's own length, filled with what a byte count or a normaliser may misjudge.
        fc.constantFrom('x', 'é', '👍', '\u0000').map((unit) => unit.repeat(schema.maxLength ?? 64)),
      );
    case 'integer':
    case 'number': {
      const { low, high } = integerBounds(schema);
      return fc.oneof(
        fc.constantFrom(...HOSTILE_NUMBERS),
        fc.constantFrom(low - 1, high + 1, low + 0.5, high - 0.5, -low, -high),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.constantFrom('true', 'false', 0, 1, 'yes');
    case 'null':
      return fc.constantFrom(0, '', 'null');
    case 'array':
      return fc.oneof(
        fc.array(hostileValue(itemsOf(schema)), { maxLength: SHORT }),
        fc.constant([]),
        // One over the most it takes, and a great many.
        conformingValue(itemsOf(schema)).map((item) =>
          Array.from({ length: (schema.maxItems ?? 1_000) + 1 }, () => item),
        ),
        conformingValue(itemsOf(schema)).map((item) => Array.from({ length: 10_000 }, () => item)),
      );
    case 'object':
      return hostileObject(schema);
    default:
      throw new Error(`No arbitrary for the JSON Schema ${JSON.stringify(schema)}`);
  }
}

function conformingText(schema: JsonSchema): Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const fits = (text: string) => text.length >= min && text.length <= max;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  switch (schema.format) {
    case undefined:
      break;
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    default:
      throw new Error(`No arbitrary for the string format ${schema.format}`);
  }
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }).filter(fits),
    fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 40) }).filter(fits),
    hostileText().filter(fits),
    fc.constant('m'.repeat(Math.max(min, 1))).filter(fits),
    fc.constant('M'.repeat(Math.min(max, 10_000))).filter(fits),
  );
}

function conformingObject(schema: JsonSchema): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shapes = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, conformingValue(property)]),
  );
  return fc.record(shapes, { requiredKeys: schema.required ?? [] }).map((value) => ({ ...value }));
}

/** One field broken, a required one missing, an unknown one added, or every field hostile. */
function hostileObject(schema: JsonSchema): Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = schema.required ?? [];
  const conforming = conformingObject(schema);
  const variants: Arbitrary<unknown>[] = [
    fc
      .record(Object.fromEntries(names.map((name) => [name, hostileValue(properties[name]!)])), {
        requiredKeys: [],
      })
      .map((value) => ({ ...value })),
    fc
      .tuple(
        conforming,
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'merchant_id', 'role'), hostileText()),
        fc.constantFrom(...WRONG_TYPED),
      )
      .map(([value, name, extra]) => ({ ...value, [name]: extra })),
  ];
  if (names.length > 0) {
    variants.push(
      fc
        .tuple(conforming, fc.constantFrom(...names))
        .chain(([value, name]) =>
          hostileValue(properties[name]!).map((broken) => ({ ...value, [name]: broken })),
        ),
    );
  }
  if (required.length > 0) {
    variants.push(
      fc.tuple(conforming, fc.constantFrom(...required)).map(([value, name]) => {
        const { [name]: _missing, ...rest } = value;
        return rest;
      }),
    );
  }
  return fc.oneof(...variants);
}

/** The inclusive whole-number bounds of a numeric schema, within the safe integers. */
function integerBounds(schema: JsonSchema): { low: number; high: number } {
  let low = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  let high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) low += 1;
  else if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) high -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') high = schema.exclusiveMaximum - 1;
  return { low: Math.max(low, -Number.MAX_SAFE_INTEGER), high: Math.min(high, Number.MAX_SAFE_INTEGER) };
}

function itemsOf(schema: JsonSchema): JsonSchema {
  if (!schema.items) throw new Error(`An array schema without items: ${JSON.stringify(schema)}`);
  return schema.items;
}
