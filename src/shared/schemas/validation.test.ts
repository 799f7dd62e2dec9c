import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorCodes } from '../errors.ts';
import { catalogues } from '../i18n/messages.ts';
import { languages } from '../locales.ts';
import { contractEntries } from '../../../tests/helpers/contract.ts';
import { fieldErrorOf, fieldErrorsOf, type IssueLike } from './validation.ts';

/**
 * Every field error a client can get from a shared schema carries one of the documented
 * codes (src/shared/errors.ts, listed in the OpenAPI document) and a text of both
 * catalogues, whatever the schema says about its own messages.
 */

type Schema = z.core.$ZodType;

/** The parts of a Zod definition the walk below reads. */
interface Definition {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  valueType?: Schema;
  items?: Schema[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  getter?: () => Schema;
  error?: (issue: unknown) => unknown;
  checks?: { _zod: { def: { error?: (issue: unknown) => unknown } } }[];
}

const definitionOf = (schema: Schema) => schema._zod.def as unknown as Definition;

/** The schemas of every shared module and of every call of the contract (what the server validates with). */
const schemaModules = import.meta.glob<Record<string, unknown>>(['/src/shared/schemas/*.ts', '!/src/shared/schemas/*.test.ts'], { eager: true });
const schemas: [string, Schema][] = [
  ...Object.entries(schemaModules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, Schema] => entry[1] instanceof z.ZodType)
      .map(([name, schema]): [string, Schema] => [`${file.replace(/^.*\//, '')} ${name}`, schema]),
  ),
  ...contractEntries.flatMap(({ name, call }) =>
    (['params', 'query', 'body'] as const).flatMap((part): [string, Schema][] => (call[part] ? [[`${name} ${part}`, call[part]]] : [])),
  ),
];

const texts = ['', ' ', 'x', 'CH', '+41', 'anna@example.ch', 'anna@example', '2026-03-01', '0000-01-01', '2026-03-01T10:00:00Z', 'https://example.ch/a', 'http://x', 'AAAA', '44 668 18 00', 'a'.repeat(5000)];
const numbers = [0, 1, -1, 0.005, 12.5, 1e15];

/**
 * Values to try on a schema, as a client could send them in JSON: some it takes, most it
 * refuses, so that each of its checks and refinements gets to speak. An object is tried
 * whole (each field with a value it takes, where one is found, so that the object's own
 * refinements run) and with each field changed in turn.
 */
function samplesOf(schema: Schema, depth = 0): unknown[] {
  const definition = definitionOf(schema);
  if (depth > 8) return [undefined];
  const inner = (next: Schema | undefined) => (next ? samplesOf(next, depth + 1) : []);
  switch (definition.type) {
    case 'string':
      return [...texts, 7, null];
    case 'number':
    case 'bigint':
      return [...numbers, '1', null];
    case 'boolean':
      return [true, false, 'true', null];
    case 'enum':
      return [...Object.values(definition.entries ?? {}), 'NOT_AN_OPTION', 3];
    case 'literal':
      return [...(definition.values ?? []), 'other', false];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return [undefined, null, ...inner(definition.innerType)];
    case 'pipe':
      return [...inner(definition.in), ...inner(definition.out)];
    case 'union':
      return (definition.options ?? []).flatMap((option) => samplesOf(option, depth + 1));
    case 'intersection':
      return [...inner(definition.left), ...inner(definition.right)];
    case 'lazy':
      return inner(definition.getter?.());
    case 'array': {
      const elements = inner(definition.element);
      const taken = firstTaken(definition.element, elements);
      return [[], 'x', ...elements.map((element) => [element]), Array.from({ length: 300 }, () => taken)];
    }
    case 'tuple':
      return [[], (definition.items ?? []).map((item) => firstTaken(item, samplesOf(item, depth + 1)))];
    case 'record':
      return [{}, 'x', ...inner(definition.valueType).map((value) => ({ key: value }))];
    case 'object': {
      const shape = definition.shape ?? {};
      const fieldSamples = Object.entries(shape).map(([key, field]) => [key, samplesOf(field, depth + 1)] as const);
      const whole = Object.fromEntries(fieldSamples.map(([key, values]) => [key, firstTaken(shape[key], values)]));
      return [whole, {}, 'x', null, { ...whole, unknownField: 1 }, ...fieldSamples.flatMap(([key, values]) => values.map((value) => ({ ...whole, [key]: value })))];
    }
    default:
      return [undefined, 'x', 1];
  }
}

/** The first of `values` the schema takes, else the first. */
function firstTaken(schema: Schema | undefined, values: unknown[]): unknown {
  return (schema && values.find((value) => z.safeParse(schema, value).success)) ?? values[0];
}

/** The messages a schema and everything inside it name themselves (`{ error: 'error.phoneFormat' }`). */
function ownMessagesOf(schema: Schema, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const definition = definitionOf(schema);
  const messageOf = (error: ((issue: unknown) => unknown) | undefined): string[] => {
    const said = error?.({ code: 'custom', input: 'x', path: [] });
    const message = typeof said === 'object' && said !== null ? (said as { message?: unknown }).message : said;
    return typeof message === 'string' ? [message] : [];
  };
  const parts = [
    ...Object.values(definition.shape ?? {}),
    ...(definition.options ?? []),
    ...(definition.items ?? []),
    ...[definition.element, definition.innerType, definition.in, definition.out, definition.left, definition.right, definition.valueType, definition.getter?.()].filter(
      (part): part is Schema => part !== undefined,
    ),
  ];
  return [
    ...messageOf(definition.error),
    ...(definition.checks ?? []).flatMap((check) => messageOf(check._zod.def.error)),
    ...parts.flatMap((part) => ownMessagesOf(part, seen)),
  ];
}

const documented = Object.keys(fieldErrorCodes);
const inEveryCatalogue = (key: string) => languages.every((language) => key in catalogues[language]);

describe('the field errors of the shared schemas', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('name as their own messages only texts of both catalogues', () => {
    const unknown = schemas.flatMap(([name, schema]) => ownMessagesOf(schema).filter((message) => !inEveryCatalogue(message)).map((message) => `${name}: ${message}`));
    expect(unknown).toEqual([]);
  });

  it('carry only documented codes, and texts of both catalogues, for whatever a client sends', () => {
    const wrong = new Set<string>();
    let refused = 0;
    for (const [name, schema] of schemas) {
      for (const sample of samplesOf(schema)) {
        const result = z.safeParse(schema, sample, { reportInput: true });
        if (result.success) continue;
        for (const error of fieldErrorsOf(result.error)) {
          refused++;
          if (!documented.includes(error.code)) wrong.add(`${name} ${error.field}: code ${error.code}`);
          if (!inEveryCatalogue(error.message)) wrong.add(`${name} ${error.field}: text ${error.message}`);
        }
      }
    }
    expect([...wrong]).toEqual([]);
    expect(refused).toBeGreaterThan(1000);
  }, 120_000);

  it('carry a documented code for every kind of issue, with or without a message of the schema', () => {
    const kinds: Omit<IssueLike, 'message' | 'path'>[] = [
      ...['invalid_type', 'not_multiple_of', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element', 'custom'].map((code) => ({ code, input: 'x' })),
      ...['string', 'number', 'array', 'date', 'set'].flatMap((origin) =>
        ['too_small', 'too_big'].flatMap((code) => [0, 1, 5].map((limit) => ({ code, origin, input: 'x', minimum: limit, maximum: limit }))),
      ),
      ...['email', 'regex', 'url', 'datetime', 'date', 'base64', 'uuid'].map((format) => ({ code: 'invalid_format', format, input: 'x' })),
      { code: 'invalid_value', values: ['A', 'B'], input: 'C' },
      { code: 'invalid_value', values: [true], input: false },
    ] as Omit<IssueLike, 'message' | 'path'>[];
    for (const kind of kinds) {
      for (const input of [kind.input, undefined, null]) {
        for (const message of ['Invalid input', 'error.phoneFormat']) {
          const { code } = fieldErrorOf({ ...kind, input, message, path: ['field'] } as IssueLike);
          expect(documented, JSON.stringify({ ...kind, input, message })).toContain(code);
        }
      }
    }
  });
});
