// An upload's refusals (413 too large or too many, 415 a kind not accepted or a misnamed file) in the
// caller's language, in the usual envelope and status; a caller that names no language reads the Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../db/seed/certificates';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';
import { multipart } from '../../test/multipart';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, '100001');
});
afterAll(() => t.close());

const png = demoPng([200, 80, 80], 40, 30);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);

/** Status, envelope code, success flag and message of an upload to `url` in a language (none: no header). */
async function refusal(url: string, files: { name: string; bytes: Buffer }[], language?: string) {
  const body = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...body.headers, token, ...(language ? { 'accept-language': language } : {}) },
    payload: body.payload,
  });
  const { code, success, message, msg } = res.json();
  expect(msg).toBe(message);
  return [res.statusCode, code, success, message];
}

describe('upload refusals', () => {
  it('413: a file over the limit', async () => {
    const big = [{ name: 'big.png', bytes: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) }];
    expect(await refusal('/ctf/uploadCtfFile', big, 'en-GB,en;q=0.8')).toEqual([
      413,
      '413',
      false,
      'File big.png is larger than the limit of 5 MB',
    ]);
    expect(await refusal('/ctf/uploadCtfFile', big, 'zh-CN')).toEqual([413, '413', false, '文件 big.png 超过 5 MB 的上限']);
    expect(await refusal('/ctf/uploadCtfFile', big)).toEqual([413, '413', false, '文件 big.png 超过 5 MB 的上限']);
  });

  it('413: more files than a call takes at once', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, bytes: pdf }));
    expect(await refusal('/file/uploadFile', many, 'en')).toEqual([413, '413', false, 'At most 10 files can be uploaded at once']);
    expect(await refusal('/file/uploadFile', many)).toEqual([413, '413', false, '一次最多上传 10 个文件']);
  });

  it('415: a kind the call does not take, naming the kinds it does', async () => {
    const sheet = [{ name: 'a.xlsx', bytes: xlsx }];
    expect(await refusal('/ctf/uploadCtfFile', sheet, 'en')).toEqual([
      415,
      '415',
      false,
      'File a.xlsx is not of an allowed type (PDF, JPEG image, PNG image)',
    ]);
    expect(await refusal('/ctf/uploadCtfFile', sheet)).toEqual([
      415,
      '415',
      false,
      '文件 a.xlsx 不是允许的类型（PDF、JPEG 图片、PNG 图片）',
    ]);
  });

  it('415: a file whose name says another kind than its bytes', async () => {
    const misnamed = [{ name: '执照.pdf', bytes: png }];
    expect(await refusal('/file/uploadFile', misnamed, 'en')).toEqual([
      415,
      '415',
      false,
      'File 执照.pdf holds a PNG image, which its extension does not match',
    ]);
    expect(await refusal('/file/uploadFile', misnamed, 'zh-CN')).toEqual([
      415,
      '415',
      false,
      '文件 执照.pdf 的内容是PNG 图片，与扩展名不符',
    ]);
  });

  it('400: a body with no file', async () => {
    expect(await refusal('/file/uploadFile', [], 'en')).toEqual([400, '400', false, 'file: choose a file to upload']);
    expect(await refusal('/file/uploadFile', [])).toEqual([400, '400', false, 'file: 请选择要上传的文件']);
  });
});
