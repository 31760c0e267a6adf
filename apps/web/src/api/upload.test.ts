// @vitest-environment jsdom
// The upload helper: the platform client's headers and the user's language, progress as the browser reports it, the envelope,
// and the call's rule checked before anything is sent.
import { ClientKeys, certificate, file } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { useUserStore } from '../stores/user';
import type { ApiFailure } from './client';
import { ruleBreach, upload } from './upload';

/** Stands in for the browser's XMLHttpRequest: records what is sent, answers what a test says. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, envelope: object) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

const pdf = (name = 'a.pdf', size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.last = undefined;
  document.cookie = `${ClientKeys.csrfCookie}=xsrf-1`;
  useUserStore.setState({ signedIn: true, tenantid: 'demo' });
});
afterEach(() => vi.unstubAllGlobals());

describe('upload', () => {
  it("sends the files in the file field with the platform client's headers and reports progress", async () => {
    const progress: number[] = [];
    const done = upload(file.uploadFile, [pdf('a.pdf'), pdf('营业执照.pdf')], { onProgress: (p) => progress.push(p.loaded / p.total) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/file/uploadFile');
    // The user's language, as every call sends it: the server answers an import's check in it.
    expect(xhr.headers).toEqual({ [ClientKeys.csrfHeader]: 'xsrf-1', platform: 'demo', 'accept-language': 'zh-CN' });
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body!.getAll('file') as File[]).map((f) => f.name)).toEqual(['a.pdf', '营业执照.pdf']);
    xhr.upload.onprogress!({ loaded: 5, total: 20, lengthComputable: true });
    xhr.upload.onprogress!({ loaded: 20, total: 20, lengthComputable: true });
    const data = [{ fileId: 'f1' }];
    xhr.answer(200, { code: '1', success: true, data, message: 'success', msg: 'success' });
    expect(await done).toEqual(data);
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's status and message", async () => {
    const done = upload(file.uploadFile, [pdf()], { silent: true });
    FakeXhr.last!.answer(415, { code: '415', success: false, data: null, message: '文件 a.pdf 不是允许的类型', msg: '' });
    await expect(done).rejects.toMatchObject({ status: 415, message: '文件 a.pdf 不是允许的类型' });
  });

  it("refuses before sending what the call's rule would refuse: too big, too many, wrong kind", async () => {
    const refused = (files: File[]) => upload(file.uploadFile, files, { silent: true }).catch((err: unknown) => err as ApiFailure);
    expect(await refused([pdf('big.pdf', 10 * 1024 * 1024 + 1)])).toMatchObject({ status: 413, message: '文件 big.pdf 超过 10 MB 的上限' });
    expect(await refused(Array.from({ length: 11 }, () => pdf()))).toMatchObject({ status: 413 });
    expect(await refused([pdf('notes.txt')])).toMatchObject({ status: 415 });
    expect(FakeXhr.last).toBeUndefined();
  });

  it("says what it refuses in the user's language", async () => {
    const refused = (files: File[]) =>
      upload(file.uploadFile, files, { silent: true }).then(
        () => ({ message: 'sent' }),
        (err: unknown) => err as ApiFailure,
      );
    await i18n.changeLanguage('en');
    try {
      expect(await refused([pdf('big.pdf', 10 * 1024 * 1024 + 1)])).toMatchObject({
        message: 'File big.pdf is larger than the limit of 10 MB',
      });
      expect((await refused([pdf('notes.txt')])).message).toMatch(
        /^File notes\.txt is not of an allowed type \(PDF, JPEG image, PNG image/,
      );
      const sent = upload(file.uploadFile, [pdf()], { silent: true });
      expect(FakeXhr.last!.headers['accept-language']).toBe('en');
      FakeXhr.last!.answer(200, { code: '1', success: true, data: [], message: 'success', msg: 'success' });
      await sent;
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
    expect((await refused([pdf('notes.txt')])).message).toMatch(/^文件 notes\.txt 不是允许的类型（PDF、JPEG 图片、PNG 图片/);
  });

  it('counts the files a call takes at once in the English singular or plural; the Chinese is as before', async () => {
    const sheet = () => new File([new Uint8Array(10)], 'a.xlsx');
    await i18n.changeLanguage('en');
    try {
      expect(ruleBreach(certificate.importCtfs, [sheet(), sheet()])?.message).toBe('At most 1 file at once');
      expect(
        ruleBreach(
          file.uploadFile,
          Array.from({ length: 11 }, () => pdf()),
        )?.message,
      ).toBe('At most 10 files at once');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
    expect(ruleBreach(certificate.importCtfs, [sheet(), sheet()])?.message).toBe('一次最多上传 1 个文件');
    expect(
      ruleBreach(
        file.uploadFile,
        Array.from({ length: 11 }, () => pdf()),
      )?.message,
    ).toBe('一次最多上传 10 个文件');
  });
});
