// CSV fields as PostgreSQL's COPY (FORMAT csv) writes them, and the spreadsheet guard run on a real database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { freshDatabase } from '../test/helpers';
import { csvField, csvRecord, spreadsheetSafe, spreadsheetSafeText } from './csv';

describe('csvField', () => {
  it('quotes only what COPY quotes', () => {
    expect(csvField('plain 文字')).toBe('plain 文字');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('\\.')).toBe('"\\."');
    expect(csvRecord(['a', null, 'b,c'])).toBe('a,,"b,c"\n');
  });
});

describe('spreadsheetSafe', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('prefixes texts a spreadsheet would run as a formula, and nothing else', async () => {
    const cases: [string | null, string | null][] = [
      ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
      ['+86 138', "'+86 138"],
      ['-abc', "'-abc"],
      ['@cmd', "'@cmd"],
      ['\tx', "'\tx"],
      ['\rx', "'\rx"],
      ['-5', '-5'],
      ['-12.50', '-12.50'],
      ['5-3', '5-3'],
      ['', ''],
      ['普通', '普通'],
      [null, null],
    ];
    for (const [input, expected] of cases) {
      const { rows } = await sql<{ v: string | null }>`SELECT ${spreadsheetSafe(sql`${input}::text`)} AS v`.execute(database.db);
      expect(rows[0]!.v, String(input)).toBe(expected);
      // The same rule written for texts an export builds in code.
      if (input !== null) expect(spreadsheetSafeText(input), input).toBe(expected);
    }
  });
});
