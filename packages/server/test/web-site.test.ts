// The web client served as a public site should be, by the real server process: each text file in
// the encoding the browser accepts, decoding to the built file byte for byte; the hashed assets
// cached for a year as immutable; the page revalidated by its ETag. The database plays no part.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start, stopAll } from './harness.js';

const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** One GET with these headers, the body as sent (no decoding). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    },
  );
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('the web client as a public site', () => {
  let server: Running;
  let script: string; // the page's own script, /assets/index-HASH.js
  let style: string;
  beforeAll(async () => {
    server = await start({});
    const page = readFileSync(`${DIST}index.html`, 'utf8');
    script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(page)![1]!;
    style = /href="(\/assets\/index-[\w-]+\.css)"/.exec(page)![1]!;
  });
  afterAll(stopAll);

  it('sends the page and its script and style compressed as the browser accepts, each decoding to the built file', async () => {
    for (const path of ['/', script, style]) {
      const file = readFileSync(DIST + (path === '/' ? 'index.html' : path.slice(1)));
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'], // what Chromium sends: brotli is smaller
        ['gzip', 'gzip'],
      ] as const) {
        const r = await get(server.url + path, { 'accept-encoding': accept });
        expect(r.status, path).toBe(200);
        expect(r.headers['content-encoding'], `${path} for ${accept}`).toBe(encoding);
        expect(r.headers.vary, path).toMatch(/accept-encoding/i);
        expect(r.body.length, path).toBeLessThan(file.length);
        expect(decode[encoding](r.body).equals(file), `${path} decoded`).toBe(true);
      }
      // A client that accepts no encoding gets the file as it is, with its own type.
      const plain = await get(server.url + path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.equals(file), path).toBe(true);
    }
    expect((await get(server.url + script, { 'accept-encoding': 'br' })).headers['content-type']).toMatch(
      /^text\/javascript|^application\/javascript/,
    );
    expect((await get(server.url + style, { 'accept-encoding': 'br' })).headers['content-type']).toMatch(/^text\/css/);
  });

  it('caches the hashed assets for a year as immutable, and revalidates the page by its ETag', async () => {
    for (const path of [script, style]) {
      const r = await get(server.url + path, { 'accept-encoding': 'br' });
      expect(r.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
    const page = await get(server.url + '/', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    const etag = page.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(server.url + '/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The security headers stay on the files too.
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('finds nothing outside the build, nor an asset that is not there', async () => {
    for (const path of [
      '/assets/none-00000000.js',
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const r = await get(server.url + path, { 'accept-encoding': 'br' });
      expect(r.status, path).toBe(404);
    }
  });
});
