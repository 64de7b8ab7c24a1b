import { defineConfig } from 'vite';

// Static files with relative URLs, so that the page works from any folder of any host.
export default defineConfig({
  root: 'page',
  base: './',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  worker: { format: 'es' },
});
