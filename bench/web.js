// bench/web: the browser client's initial JavaScript (the scripts index.html loads at once), as
// built by `npm run build`, raw and gzipped. The target: at most 150 KB gzipped.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const TARGET_KB = 150;

export function run() {
  console.log('bench/web: initial JavaScript of the browser client (packages/web/dist)');
  if (!existsSync(`${DIST}index.html`)) {
    console.log('  not built: run npm run build first');
    return null;
  }
  const html = readFileSync(`${DIST}index.html`, 'utf8');
  // Everything loaded before the first render: module scripts and module preloads.
  const files = [
    ...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+)"/g),
  ].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = readFileSync(DIST + f);
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
    console.log(
      `  ${f}: ${(bytes.length / 1024).toFixed(1)} KB, gzipped ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB`,
    );
  }
  const kb = gz / 1024;
  console.log(
    `  initial JS: ${(raw / 1024).toFixed(1)} KB, gzipped ${kb.toFixed(1)} KB (target ≤ ${TARGET_KB} KB: ${kb <= TARGET_KB ? 'met' : 'NOT met'})`,
  );
  return { files, raw, gzipped: gz };
}

if (import.meta.url === `file://${process.argv[1]}`) run();
