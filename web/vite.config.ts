// Builds and serves the web app. Root is web/, output web/dist (served by the API in production).
// In development the API runs on :3000 and Vite proxies the API, the stored files and the
// websocket to it, so the browser sees one origin and the session cookie just works.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.GOOSE_API_URL ?? 'http://localhost:3000';

const proxy: Record<string, ProxyOptions> = {
  // /api/ws (the realtime websocket) is under /api, hence ws: true.
  '/api': { target: apiTarget, ws: true },
  '/uploads': { target: apiTarget },
};

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy },
  preview: { proxy },
});
