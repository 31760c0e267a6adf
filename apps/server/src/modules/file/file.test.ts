// The file store's calls: kinds recognised from the bytes, limits with nothing left behind, owners only.
import { createHash } from 'node:crypto';
import { file } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFor } from '../../test/helpers';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['100001', '100001-01', '100002']) tokens[user] = await tokenFor(t.app, user);
  tokens.admin = await tokenFor(t.app, 'admin', { staff: true });
});
afterAll(() => t.close());

const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300_000, 7)]);
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');

/** A multipart/form-data body with the given files in the `file` field. */
function multipart(files: { name: string; bytes: Buffer; type?: string }[]) {
  const boundary = '----portal-test-boundary';
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (user: string, files: { name: string; bytes: Buffer; type?: string }[]) => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/file/uploadFile',
    headers: { ...body.headers, token: tokens[user]! },
    payload: body.payload,
  });
};
// Uploads (multipart) and downloads (bytes, not an envelope) are HTTP exchanges; the delete is an envelope call.
const download = (user: string, fileId: string) =>
  t.app.inject({ method: 'GET', url: `/api/file/downloadFile?fileId=${fileId}`, headers: { token: tokens[user]! } });
const remove = (user: string, fileId: string) => t.callAs(user, file.deleteFile, { body: { fileId } });
const stored = async () => ({
  files: (
    await t.database.db
      .selectFrom('stored_file')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
  chunks: (
    await t.database.db
      .selectFrom('stored_file_chunk')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
});

describe('upload', () => {
  it("stores a file as the kind its bytes are, whatever the client's header says", async () => {
    const res = await upload('100001', [
      { name: '营业执照.png', bytes: pngBytes, type: 'application/pdf' },
      { name: 'report.PDF', bytes: pdfBytes },
    ]);
    expect(res.statusCode).toBe(200);
    const [png, pdf] = res.json().data;
    expect(png).toMatchObject({
      fileName: '营业执照.png',
      contentType: 'image/png',
      size: pngBytes.length,
      sha256: createHash('sha256').update(pngBytes).digest('hex'),
      createdBy: '100001',
    });
    expect(pdf).toMatchObject({ fileName: 'report.PDF', contentType: 'application/pdf', size: pdfBytes.length });
  });

  it('refuses a PNG whose name says .pdf, and bytes of no accepted kind, keeping nothing', async () => {
    const before = await stored();
    const renamed = await upload('100001', [{ name: '营业执照.pdf', bytes: pngBytes, type: 'application/pdf' }]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe('文件 营业执照.pdf 的内容是PNG 图片，与扩展名不符');
    const text = await upload('100001', [{ name: 'a.pdf', bytes: Buffer.from('just text') }]);
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('文件 a.pdf 不是允许的类型（PDF、JPEG 图片、PNG 图片、Excel 工作簿）');
    expect(await stored()).toEqual(before);
  });

  it('answers 413 for a file over the limit or too many files, and leaves no row and no bytes', async () => {
    const before = await stored();
    const big = await upload('100001', [
      { name: 'ok.pdf', bytes: pdfBytes },
      { name: 'big.png', bytes: Buffer.concat([pngBytes, Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, message: '文件 big.png 超过 10 MB 的上限' });
    const many = await upload(
      '100001',
      Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, bytes: pdfBytes })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe('一次最多上传 10 个文件');
    expect(await stored()).toEqual(before);
  });

  it('says what is wrong with a request that carries no file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/file/uploadFile',
      headers: { token: tokens['100001']! },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('file: 请以 multipart/form-data 上传文件');
    expect((await upload('100001', [])).json().message).toBe('file: 请选择要上传的文件');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/file/uploadFile', ...multipart([{ name: 'a.pdf', bytes: pdfBytes }]) })).statusCode,
    ).toBe(401);
  });
});

describe('download and delete', () => {
  let fileId: string;
  beforeAll(async () => {
    fileId = (await upload('100001', [{ name: '质检报告 2026.png', bytes: pngBytes }])).json().data[0].fileId;
  });

  it("streams the bytes under the file's name to the supplier's accounts and to staff", async () => {
    for (const user of ['100001', '100001-01', 'admin']) {
      const res = await download(user, fileId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('质检报告 2026.png')}`);
      expect(res.rawPayload.equals(pngBytes)).toBe(true);
    }
  });

  it('reads files (thumbnails) while every export slot is taken: a light read never answers 429', async () => {
    const held: (() => void)[] = [];
    try {
      for (;;) held.push(t.app.downloads.acquire(undefined));
    } catch (err) {
      expect(err).toMatchObject({ status: 429 });
    }
    try {
      const reads = await Promise.all(Array.from({ length: 5 }, () => download('100001', fileId)));
      expect(reads.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(t.app.downloads.active).toBe(held.length);
    } finally {
      for (const release of held) release();
    }
  });

  it('shows another supplier nothing: its download and delete answer 404', async () => {
    expect((await download('100002', fileId)).statusCode).toBe(404);
    expect((await remove('100002', fileId)).status).toBe(404);
    expect((await download('100001', fileId)).statusCode).toBe(200);
  });

  it('lets only the owner delete, never a referenced file, with the reason', async () => {
    expect((await remove('admin', fileId)).envelope).toMatchObject({ success: false, message: '只有文件所属的供应商可以删除它' });
    await t.database.db.updateTable('stored_file').set({ referenced_by: 'certificate:1' }).where('id', '=', fileId).execute();
    const referenced = await remove('100001', fileId);
    expect(referenced.status).toBe(409);
    expect(referenced.envelope.message).toBe('文件 质检报告 2026.png 已被引用，不能删除');
    await t.database.db.updateTable('stored_file').set({ referenced_by: null }).where('id', '=', fileId).execute();
    expect((await remove('100001-01', fileId)).status).toBe(200);
    expect((await download('100001', fileId)).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('stored_file_chunk').select('seq').where('file_id', '=', fileId).execute()).toEqual([]);
  });

  it('names a malformed file id', async () => {
    const res = await download('100001', 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^querystring.fileId: /);
  });
});
