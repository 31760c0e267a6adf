import { acceptance } from '@portal/contract';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { download, fileNameFrom, fileTypes, isExpectedType, mediaType } from './download';

vi.mock('antd', () => ({ message: { error: vi.fn(), warning: vi.fn() } }));

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

describe('a download whose body is cut', () => {
  const clicked: string[] = [];
  beforeEach(() => {
    clicked.length = 0;
    vi.mocked(message.error).mockClear();
    vi.stubGlobal('document', {
      cookie: '',
      createElement: () => ({
        style: {},
        remove: () => undefined,
        click(this: { download: string }) {
          clicked.push(this.download);
        },
      }),
      body: { append: () => undefined },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const firstBytes = new TextEncoder().encode('单号,行号\nYB1,1\n');
  /** Answers a CSV whose body yields the given chunk and then either ends or fails, as a cut chunked body does in fetch. */
  const answerCsv = (cut: boolean) =>
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(firstBytes);
              if (cut) controller.error(new TypeError('terminated'));
              else controller.close();
            },
          }),
          {
            status: 200,
            headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': "attachment; filename*=UTF-8''a.csv" },
          },
        ),
    );
  const exportCsv = () =>
    download(
      acceptance.exportCsv,
      { body: { startDate: '2026-01-01', endDate: '2026-01-31' } },
      { accept: fileTypes.csv, fallbackName: 'x.csv' },
    );

  it('saves nothing and shows the failure when the stream fails after some bytes', async () => {
    answerCsv(true);
    await expect(exportCsv()).rejects.toMatchObject({ name: 'ApiFailure', code: 'network', message: '系统异常' });
    expect(clicked).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(message.error).toHaveBeenCalledWith('系统异常', 5);
  });

  it('saves the file when the stream ends cleanly', async () => {
    answerCsv(false);
    await expect(exportCsv()).resolves.toEqual({ fileName: 'a.csv', size: firstBytes.byteLength });
    expect(clicked).toEqual(['a.csv']);
    expect(message.error).not.toHaveBeenCalled();
  });
});
