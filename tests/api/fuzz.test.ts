/**
 * Every operation of the contract, called with inputs made from its own
 * schemas (and their edges: NUL characters, year 0000 and 9999, numbers past
 * 2^63, very long and unusual text), by a caller allowed to use it. The API
 * never answers 5xx; when it refuses a change (4xx) the record reads the same
 * afterwards. Records the fuzzer may change belong to a generated client of
 * its own; removals only ever meet made-up ids.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, signInAgain, type Email, type Actor } from '../support/api-client.ts';
import { stack } from '../support/api-client.ts';

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  parameters: Schema[];
  body: Schema | null;
}

const contract = parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/clinic.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const [, , kind, name] = ref.split('/');
  const table = kind === 'parameters' ? contract.components.parameters : contract.components.schemas;
  return resolve(table[name ?? ''] ?? {});
}

/**
 * A fuzzer's target: a generated client no other test reads or signs in as (the fuzzer resets its password, among
 * everything else), and an id nobody has.
 */
const TARGET = generateClients(stack.generatedClients)[83]!.id;
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000f022';

/** Text at the edges of what a person or a script types. */
const edgeText = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'Ω≈ç√∫˜µ≤≥÷',
  '👩🏽‍⚕️',
  "Robert'); DROP TABLE users;--",
  '%_\\',
  'x'.repeat(5000),
  '0000-01-01',
  '9999-12-31T23:59:59Z',
);
const edgeDates = fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '2026-02-29', '2024-02-29', '1900-01-01');
const edgeDateTimes = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-11-23T10:00:00+05:30',
  '2026-11-23T10:00:00.123456Z',
);
const edgeIntegers = fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, 2 ** 63, 1e20, -1e20);

/** Values for a schema: mostly what it allows, with its edges and a few it does not. */
function arbitrary(raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  for (const combinator of ['allOf', 'oneOf', 'anyOf'] as const) {
    const options = schema[combinator];
    if (Array.isArray(options)) return fc.oneof(...options.map((option) => arbitrary(option as Schema, depth)));
  }
  if (Array.isArray(schema.enum)) return fc.oneof(fc.constantFrom(...(schema.enum as unknown[])), edgeText);
  if ('const' in schema) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, depth)));
}

function arbitraryOfType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 2 ** 31) : 1000;
      const within = type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
      return fc.oneof({ weight: 4, arbitrary: within }, { weight: 1, arbitrary: edgeIntegers });
    }
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof(fc.constant(TARGET), fc.uuid(), fc.constant('not-a-uuid'));
      if (schema.format === 'date') return edgeDates;
      if (schema.format === 'date-time') return edgeDateTimes;
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), edgeText);
      const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 300) : 60;
      return fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength }) }, { weight: 2, arbitrary: edgeText });
    }
    case 'array': {
      if (depth > 3) return fc.constant([]);
      return fc.array(arbitrary((schema.items as Schema | undefined) ?? {}, depth + 1), { maxLength: 4 });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, arbitrary(value, depth + 1)]),
      );
      const required = (schema.required as string[] | undefined) ?? [];
      const known = fc.record(shape, { requiredKeys: required.filter((key) => key in shape) });
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(
          fc.string({ maxLength: 20 }),
          arbitrary(schema.additionalProperties as Schema, depth + 1),
          {
            maxKeys: 4,
          },
        );
      }
      return known;
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [route, item] of Object.entries(contract.paths)) {
    const shared = (item.parameters as Schema[] | undefined) ?? [];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method] as Schema | undefined;
      if (!operation || route === '/health') continue;
      const body = (
        (operation.requestBody as Schema | undefined)?.content as Record<string, { schema: Schema }> | undefined
      )?.['application/json']?.schema;
      found.push({
        method: method.toUpperCase(),
        path: route,
        parameters: [...shared, ...((operation.parameters as Schema[] | undefined) ?? [])].map(resolve),
        body: body ?? null,
      });
    }
  }
  return found;
}

/** Signing out ends the caller's sessions: a generated client of the fuzzer's own does it. */
const SIGNS_OUT = generateClients(stack.generatedClients).at(-3)!.email as Email;

/** Who calls: the widest grant that reaches the target (a client) through each operation. */
function callerFor(operation: Operation): Actor | Email {
  if (operation.path === '/session/logout') return SIGNS_OUT;
  if (operation.path.startsWith('/users/users') && operation.method !== 'GET') return 'super';
  if (operation.path.startsWith('/users/audit-events') || operation.path.startsWith('/users/role-counts'))
    return 'super';
  return 'nurse';
}

interface Call {
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

function callArbitrary(operation: Operation): fc.Arbitrary<Call> {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  // A removal never meets a real record: the fuzzer must not delete the accounts the other tests use.
  const idArbitrary =
    operation.method === 'DELETE' ? fc.constantFrom(UNKNOWN_ID, 'not-a-uuid') : fc.constantFrom(TARGET, UNKNOWN_ID);
  return fc
    .record({
      ids: fc.tuple(...pathParams.map(() => idArbitrary)),
      query: fc.tuple(
        ...queryParams.map((parameter) => fc.option(arbitrary(parameter.schema as Schema), { nil: undefined })),
      ),
      body: operation.body ? arbitrary(operation.body) : fc.constant(undefined),
      key: fc.uuid(),
    })
    .map(({ ids, query, body, key }) => {
      let concrete = operation.path;
      pathParams.forEach((parameter, index) => {
        concrete = concrete.replace(`{${String(parameter.name)}}`, encodeURIComponent(String(ids[index])));
      });
      const search = new URLSearchParams();
      queryParams.forEach((parameter, index) => {
        const value = query[index];
        if (value !== undefined)
          search.set(String(parameter.name), typeof value === 'string' ? value : JSON.stringify(value));
      });
      return {
        path: concrete,
        query: search.toString(),
        headers: { 'idempotency-key': key, 'if-match': '"1"' },
        body,
      };
    });
}

/** How to read back what a write may have changed: the record at the same address, when it has one. */
function readBackPath(operation: Operation, call: Call): string | null {
  if (operation.method !== 'PATCH' && operation.method !== 'PUT') return null;
  const hasGet = (contract.paths[operation.path] as Record<string, unknown>).get !== undefined;
  return hasGet ? call.path : null;
}

const RUNS = Number(process.env.FUZZ_RUNS || 25);

describe('every operation, fuzzed', () => {
  // The fuzzer may disable its client's account; other tests count the accounts that are active.
  afterAll(async () => {
    const enabled = await api('PATCH', `/users/users/${TARGET}`, { as: 'super', body: { enabled: true } });
    if (enabled.status !== 200) throw new Error(`Could not enable the fuzzed account again: ${enabled.status}`);
  });

  for (const operation of operations()) {
    it(`${operation.method} ${operation.path}: never 5xx, and a refused change leaves the record as it was`, async () => {
      const as = callerFor(operation);
      await fc.assert(
        fc.asyncProperty(callArbitrary(operation), async (call) => {
          const readBack = readBackPath(operation, call);
          const before = readBack ? await api('GET', readBack, { as }) : null;
          const answer = await api(operation.method, `${call.path}${call.query ? `?${call.query}` : ''}`, {
            as,
            headers: call.headers,
            ...(call.body === undefined ? {} : { body: call.body }),
          });
          expect(
            answer.status,
            `${operation.method} ${call.path}?${call.query} ${JSON.stringify(call.body)?.slice(0, 300)}`,
          ).toBeLessThan(500);
          // An account the fuzzer made is removed again: other tests count the accounts.
          const made =
            operation.method === 'POST' && operation.path === '/users/users' && answer.status === 201
              ? (answer.body as { Username: string }).Username
              : null;
          const removal = made ? (await api('DELETE', `/users/users/${made}`, { as: 'super' })).status : 204;
          expect(removal).toBe(204);
          // A sign-out ended the caller's sessions: the next call signs in again.
          if (operation.path === '/session/logout' && answer.status === 204) await signInAgain(as);
          const refusedChange = readBack !== null && before?.status === 200 && answer.status >= 400;
          const after = refusedChange ? await api('GET', readBack, { as }) : before;
          expect(after?.body).toEqual(before?.body);
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED || 20261123) },
      );
    });
  }
});
