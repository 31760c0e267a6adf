import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { planningPass, startChunks } from './build/start-chunks';

// The API base is one setting (VITE_API_BASE, default /api); in dev it is proxied to the server.
export default defineConfig({
  // The planning build of startChunks compiles the same sources without itself and writes nothing.
  plugins: process.env[planningPass] ? [react()] : [react(), startChunks(['src/app/signed-in.tsx']), precompress()],
  // A nonce attribute on the page's tags and <meta property="csp-nonce">: the server writes a fresh nonce
  // over this placeholder in every index.html it answers (apps/server/src/platform/index-page.ts).
  html: { cspNonce: 'PORTAL_CSP_NONCE' },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
  },
});
