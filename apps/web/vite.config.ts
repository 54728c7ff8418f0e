import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.SWP_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': { target: api, ws: true } } },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // What the entry needs statically goes into one chunk; the automatic splitting otherwise merges modules only
    // lazy screens use (forms, triggers, skeletons…) into chunks the entry imports, and the login route pays.
    // Feature and component strings load together, in one chunk, when the signed-in shell opens.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'strings', test: /[\\/]src[\\/](features|components)[\\/].+[\\/]i18n\.ts$/ },
          ],
        },
      },
    },
  },
});
