// Which kind a file is, from its first bytes (magic numbers), never from its name or the client's header.
import type { FileKind } from '@portal/contract';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff]);
const pdf = Buffer.from('%PDF-', 'latin1');
const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// A workbook is a zip whose entry names (stored uncompressed in its headers) include the workbook part.
const workbookPart = Buffer.from('xl/workbook.xml', 'latin1');

/**
 * Text with no control byte but tab, line feed, carriage return (and NUL, which the reader of the text refuses
 * cell by cell, naming where) in its first 64 KB, and no magic number of a binary kind: a CSV file.
 */
function isText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  if (head.length === 0) return false;
  for (const b of head) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x00) || b === 0x7f) return false;
  return true;
}

export function sniff(bytes: Buffer): FileKind | null {
  const startsWith = (magic: Buffer) => bytes.subarray(0, magic.length).equals(magic);
  if (startsWith(png)) return 'png';
  if (startsWith(jpeg)) return 'jpeg';
  if (startsWith(pdf)) return 'pdf';
  if (startsWith(zip) && bytes.includes(workbookPart)) return 'xlsx';
  if (!startsWith(zip) && isText(bytes)) return 'csv';
  return null;
}
