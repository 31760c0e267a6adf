import { describe, expect, it } from 'vitest';
import { fileNameFrom, fileTypes, isExpectedType, mediaType } from './download';

describe('file names of downloads', () => {
  it('decodes the RFC 5987 name the exports send', () => {
    const name = '验收明细_20261101_20261123.csv';
    expect(fileNameFrom(`attachment; filename*=UTF-8''${encodeURIComponent(name)}`)).toBe(name);
  });

  it('prefers filename* over filename, in either order, any case', () => {
    expect(fileNameFrom(`attachment; filename="fallback.csv"; filename*=utf-8'zh-CN'%E6%98%8E%E7%BB%86.csv`)).toBe('明细.csv');
    expect(fileNameFrom(`attachment; FILENAME*=UTF-8''a%20b.xlsx; filename=x.xlsx`)).toBe('a b.xlsx');
  });

  it('reads ISO-8859-1 extended values', () => {
    expect(fileNameFrom(`attachment; filename*=iso-8859-1'en'%A3%20rates.csv`)).toBe('£ rates.csv');
  });

  it('falls back to filename, quoted or not, with escapes', () => {
    expect(fileNameFrom('attachment; filename="report \\"june\\".csv"')).toBe('report "june".csv');
    expect(fileNameFrom('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E0%A4%A.csv; filename="ok.csv"`)).toBe('ok.csv');
  });

  it('keeps only a file name: no folders, no control characters', () => {
    expect(fileNameFrom(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('passwd');
    expect(fileNameFrom('attachment; filename="a\\\\b\u0007.csv"')).toBe('b.csv');
    expect(fileNameFrom('attachment; filename=".."')).toBeNull();
  });

  it('answers null without a name', () => {
    expect(fileNameFrom(null)).toBeNull();
    expect(fileNameFrom('attachment')).toBeNull();
    expect(fileNameFrom('inline; name="x"')).toBeNull();
  });
});

describe('file type of downloads', () => {
  it('accepts the expected types with parameters and any case', () => {
    expect(isExpectedType('text/csv; charset=utf-8', fileTypes.csv)).toBe(true);
    expect(isExpectedType('Application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileTypes.xlsx)).toBe(true);
  });

  it('refuses the JSON error envelope, other types and no type', () => {
    expect(isExpectedType('application/json; charset=utf-8', fileTypes.xlsx)).toBe(false);
    expect(isExpectedType('application/problem+json', ['application/problem+json'])).toBe(false);
    expect(isExpectedType('text/html', fileTypes.csv)).toBe(false);
    expect(isExpectedType('text/csv', fileTypes.xlsx)).toBe(false);
    expect(isExpectedType(null, fileTypes.csv)).toBe(false);
    expect(mediaType(' Text/CSV ;charset=utf-8')).toBe('text/csv');
  });
});
