// COPY's query text with its parameters written in: the same rows as the parameterized query, on a real database.
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/helpers';
import type { Database } from './database';
import { inlineParameters } from './copy';

const escapeLiteral = (text: string) => pg.Client.prototype.escapeLiteral.call(null, text);

describe('inlineParameters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('runs to the same values as the parameterized query, whatever the strings hold', async () => {
    const values = ["O'Brien", 'back\\slash', "'; DROP TABLE account; --", '$1 $2', '双引号"', 42, -1.5, true, null];
    const query = CompiledQuery.raw(`SELECT ${values.map((_, i) => `$${i + 1}::text AS v${i}`).join(', ')}`, values);
    const expected = (await database.db.executeQuery(query)).rows;
    const inlined = (await sql.raw(inlineParameters(query, escapeLiteral)).execute(database.db)).rows;
    expect(inlined).toEqual(expected);
    expect(Object.values(inlined[0] as object)).toEqual(values.map((v) => (v === null ? null : String(v))));
  });

  it('refuses values it cannot write as a literal', () => {
    expect(() => inlineParameters(CompiledQuery.raw('SELECT $1', [{ a: 1 }]), escapeLiteral)).toThrow(/cannot be inlined/);
    expect(() => inlineParameters(CompiledQuery.raw('SELECT $1', [Number.NaN]), escapeLiteral)).toThrow(/cannot be inlined/);
    expect(() => inlineParameters(CompiledQuery.raw('SELECT $2', ['x']), escapeLiteral)).toThrow(/no parameter/);
  });
});
