// Times are shown in the retailer's clock on every screen: no source of the web app formats a time or reads
// today's date in the browser's zone by hand; each goes through lib/format.ts (formatTime) or lib/business-day.ts.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Ways to write a time or a day in the browser's zone. */
const browserZone: [string, RegExp][] = [
  ['toLocale*String', /\.toLocale(Date|Time)?String\(/],
  ['Date getters of the local zone', /\.get(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(\)/],
  ['Intl.DateTimeFormat', /Intl\.DateTimeFormat/],
  ['an ISO text cut by hand', /\.slice\(0, ?(16|19)\)|replace\('T', ' '\)/],
  ["dayjs() (the browser's now)", /\bdayjs\(\)/],
];
/** The helpers themselves. */
const helpers = new Set(['../lib/format.ts', '../lib/business-day.ts']);

describe('times in the browser', () => {
  it('scans the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it.each(browserZone)('never uses %s outside lib/format.ts and lib/business-day.ts', (_, pattern) => {
    const found = Object.entries(sources)
      .filter(([file]) => !helpers.has(file))
      .flatMap(([file, text]) => text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });
});
