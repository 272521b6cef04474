import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// Preact's JSX without a plugin: Vite's own transform, pointed at preact. The server serves dist/.
// The installed app (issue 36): a web app manifest and a Workbox service worker that precaches the
// whole build (the shell, every screen loaded on demand, the workers), so the app opens with no
// network. A new version waits until the player chooses to reload (`registerType: 'prompt'`,
// src/offline/update.ts): the old worker serves the old files until then, never a mix of both.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, reportCompressedSize: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
  plugins: [
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Baśka',
        short_name: 'Baśka',
        description: 'Baśka i Kop — kaszubska gra w karty, także bez sieci',
        lang: 'pl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#14532d',
        background_color: '#14532d',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html}'],
        // Every route is the one page (#/… routes); the server's API and socket are never the shell.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Each text file also as .br and .gz beside it, compressed once at build time at the highest
    // levels; the server sends the one the browser accepts (@fastify/static's preCompressed). A file
    // that would not shrink gets none.
    compression({
      include: /\.(html|css|js|svg|json)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
});
