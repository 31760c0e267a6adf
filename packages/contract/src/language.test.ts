import { describe, expect, it } from 'vitest';
import { labelOf, languageOf, titleIn } from './language';

describe('languageOf', () => {
  it('answers English only when the first language asked for is English', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-US,en;q=0.9')).toBe('en');
    expect(languageOf(' EN-gb ;q=1')).toBe('en');
    expect(languageOf('zh-CN')).toBe('zh-CN');
    expect(languageOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(languageOf('fr-FR,en;q=0.5')).toBe('zh-CN');
    expect(languageOf('english')).toBe('zh-CN');
    expect(languageOf(undefined)).toBe('zh-CN');
    expect(languageOf('')).toBe('zh-CN');
  });
});

describe('labelOf and titleIn', () => {
  it('give the label where the map has one, the value itself otherwise; a heading in English where it has one', () => {
    const en = { 已审核: 'Audited' };
    expect(labelOf('已审核', en)).toBe('Audited');
    expect(labelOf('自定义', en)).toBe('自定义');
    expect(labelOf('constructor', en)).toBe('constructor');
    expect(labelOf('__proto__', en)).toBe('__proto__');
    expect(titleIn('en', { title: '状态', titleEn: 'Status' })).toBe('Status');
    expect(titleIn('en', { title: '状态', titleEn: '' })).toBe('状态');
    expect(titleIn('zh-CN', { title: '状态', titleEn: 'Status' })).toBe('状态');
  });
});
