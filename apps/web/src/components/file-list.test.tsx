// @vitest-environment jsdom
// The file list's thumbnails: an image the server refuses (429, as the export limits once answered) says it
// could not load and offers a retry that loads it, never a spinner that turns forever.
import { type StoredFile, file } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, installBrowserParts, renderPage, signIn } from '../test/page';
import { FileList } from './file-list';

beforeAll(installBrowserParts);

const png = (name: string): StoredFile => ({
  fileId: `F-${name}`,
  fileName: name,
  contentType: 'image/png',
  size: 3,
  sha256: '',
  createdBy: '100001',
  createdAt: '2026-11-26T02:00:00.000Z',
});

const refused = () =>
  new Response(JSON.stringify({ code: '0', message: '导出任务过多，请稍后再试', data: null }), {
    status: 429,
    headers: { 'content-type': 'application/json' },
  });
const image = () =>
  new Response(new Uint8Array([137, 80, 78]), { headers: { 'content-type': 'image/png', 'content-disposition': 'attachment' } });

describe('file list thumbnails', () => {
  it('shows a refused image as failed with a retry, and the retry loads it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn();
    let answers = 0;
    const server = fakeServer([[file.downloadFile, () => (answers++ === 0 ? refused() : image())]]);
    renderPage(<FileList files={[png('正本.png')]} />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(document.querySelector('.ant-spin')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '重试 正本.png' }));
    const loaded = await screen.findByRole('img', { name: '正本.png' });
    expect(loaded.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.queryByText('加载失败')).toBeNull();
    await waitFor(() =>
      expect(server.to(file.downloadFile).map((s) => s.query)).toEqual([{ fileId: 'F-正本.png' }, { fileId: 'F-正本.png' }]),
    );
  }, 60_000);
});
