// Compression and caching of what the server sends. API answers and the index page above 1 KiB are compressed
// (brotli or gzip, as the browser accepts) at a quick brotli level; downloads (CSV, spreadsheets, stored files)
// are not, so a streamed export keeps its chunks and its cut-off-on-failure. The web app's files are compressed
// once at build time (.br/.gz beside them) and sent as they are; hashed files (/assets/) are cached for a year as
// immutable, the others revalidate.
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Content types the server compresses on the fly (JSON answers, the index page, the API docs' files). */
export const compressedTypes = /^(application\/(json|javascript)|text\/(html|css|javascript|plain)|image\/svg\+xml)\s*(;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: compressedTypes,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** Cache-Control of a built file: Vite's hashed names never change content, the rest may. */
export function setStaticCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  const hashed = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.[\w.]+$/.test(filePath);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}
