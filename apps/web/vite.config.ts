import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Use the TypeScript sources of the workspace packages directly.
    alias: { '@weft/core': path.resolve(root, '../../packages/core/src/index.ts') },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/hooks': 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
});
