import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The field app (移动应用, served at /app/) is built on its own, after the console, into the same dist: its entry is
 * app.html and nothing of the console's shell (antd, the router, i18next) can land in its chunks, which keeps its
 * JS small for phones on a slow connection (goal ≤ 250 KB gzip; `npm run bench -- app` measures it).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/app-manifest.json',
    sourcemap: false,
    rolldownOptions: { input: { app: path.resolve(import.meta.dirname, 'app.html') } },
  },
});
