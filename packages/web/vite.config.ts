import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Preact's JSX without a plugin: Vite's own transform, pointed at preact. The server serves dist/.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, reportCompressedSize: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
  // Each text file also as .br and .gz beside it, compressed once at build time at the highest
  // levels; the server sends the one the browser accepts (@fastify/static's preCompressed). A file
  // that would not shrink gets none.
  plugins: [
    compression({
      include: /\.(html|css|js|svg|json)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
});
