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

  it('answers null for anything else: text, an empty file, a zip that is not a workbook', () => {
    expect(sniff(Buffer.from('%PD'))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
    expect(sniff(Buffer.from('hello.pdf'))).toBeNull();
    expect(sniff(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml')]))).toBeNull();
  });
});
