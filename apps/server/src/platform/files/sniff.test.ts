import { describe, expect, it } from 'vitest';
import { sniff } from './sniff';

describe('sniff', () => {
  it('recognises PDF, PNG, JPEG and .xlsx by their first bytes', () => {
    expect(sniff(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniff(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....xl/workbook.xml')]))).toBe(
      'xlsx',
    );
  });

  it('takes text (tabs, line ends and NUL aside, no control byte) for CSV', () => {
    expect(sniff(Buffer.from('\uFEFF订单号,版本\r\nPO1,1\r\n'))).toBe('csv');
    expect(sniff(Buffer.from('key,name\nA\u0000,b\n'))).toBe('csv');
    expect(sniff(Buffer.from('%PD'))).toBe('csv');
    expect(sniff(Buffer.from([0x41, 0x01, 0x42]))).toBeNull();
  });

  it('answers null for anything else: binary bytes, an empty file, a zip that is not a workbook', () => {
    expect(sniff(Buffer.alloc(0))).toBeNull();
    expect(sniff(Buffer.from([0x1f, 0x8b, 0x08, 0x00]))).toBeNull();
    expect(sniff(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml')]))).toBeNull();
  });
});
