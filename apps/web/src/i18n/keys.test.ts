// Both languages hold every text: the same keys in the shell's tables, the data grid's and every feature's texts.ts, and
// no Chinese left in the English tables.
import { describe, expect, it } from 'vitest';
import * as grid from '../components/data-grid/grid-texts';
import { en } from './en';
import { zhCN } from './zh-CN';

interface FeatureTexts {
  zhCN: object;
  en: object;
}

const features = import.meta.glob<FeatureTexts>(['../features/*/texts.ts', '../features/*/*-texts.ts'], { eager: true });

function flatten(table: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const tables: [string, object, object][] = [
  ['shell', zhCN, en],
  ['grid', grid.zhCN, grid.en],
  ...Object.entries(features).map(([file, t]): [string, object, object] => [file, t.zhCN, t.en]),
];
const chinese = /[\u4e00-\u9fff]/;

/** English's singular of a count's text (key_one), which Chinese, with one plural form (key_other), lacks. */
const singularOf = (key: string, zhKeys: Set<string>) => key.endsWith('_one') && zhKeys.has(`${key.slice(0, -'_one'.length)}_other`);

describe('texts', () => {
  it.each(tables)('%s has every key in both languages', (_name, zh, english) => {
    const zhKeys = new Set(flatten(zh).keys());
    const englishKeys = [...flatten(english).keys()].filter((key) => !singularOf(key, zhKeys));
    expect(englishKeys.sort()).toEqual([...zhKeys].sort());
  });

  it.each(tables)('%s gives English a singular beside every plural form', (_name, _zh, english) => {
    const keys = new Set(flatten(english).keys());
    const plurals = [...keys].filter((key) => key.endsWith('_other')).map((key) => key.slice(0, -'_other'.length));
    expect(plurals.filter((base) => !keys.has(`${base}_one`))).toEqual([]);
  });

  it.each(tables)('%s has no Chinese in its English texts', (_name, _zh, english) => {
    // Keys may be the wire's Chinese state names; the values shown must be English.
    expect([...flatten(english)].filter(([, value]) => chinese.test(value))).toEqual([]);
  });

  it('finds the feature tables', () => {
    expect(Object.keys(features).length).toBeGreaterThan(3);
  });
});
