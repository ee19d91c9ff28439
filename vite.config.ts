import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './scripts/prerender.ts';

export default defineConfig({
  root: 'src/web',
  // prerenderPlugin: landing and login HTML rendered at build time, plus .br/.gz of every asset.
  plugins: [react(), tailwindcss(), prerenderPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
