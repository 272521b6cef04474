// The director's page and its paper, as a person sees them (Debian's Chromium against the real
// server, SQLite). A hall tournament of 13 (two tables of four and one of five) is imported in the
// middle of its second round:
// - drawing round 3 while round 2 is played asks first and says what that means; "Anuluj" draws nothing;
// - starting round 3 then is refused beside the button pressed, saying why with the numbers
//   ("Runda 2 trwa: przy stoliku 3 rozegrano 3 z 36 rozdań"), not at the top of the long page;
// - the browser's own print (Ctrl+P) prints the round the director is looking at;
// - the seating list printed right after the draw, before the round starts, carries each table's
//   code and a QR code a phone reads (decoded from the PDF's picture);
// - a round's protocols, a table of five among them, print one sheet a table: no page holds only
//   the signature lines.
// The PDFs come from Chromium's page.pdf() and are read with poppler (pdftotext, pdftoppm); the
// pictures go to BASKA_SHOTS (or e2e/artifacts/).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsqr from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, useChromium } from './browser.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
// jsqr's build exports the function itself, while its types describe an ES module's default export.
const jsQR = jsqr as unknown as typeof jsqr.default;
const browser = useChromium(stopAll);
const tmp = mkdtempSync(join(tmpdir(), 'baska-paper-'));

const NAMES = [
  'Anna Wiśniewska',
  'Jan Kaszuba',
  'Ewa Żółć',
  'Józef Kreft',
  'Ola Bury',
  'Piotr Lis',
  'Marta Hinz',
  'Zofia Stolc',
  'Grzegorz Brzęczyszczykiewicz',
  'Halina Żuraw',
  'Kazimierz Stolc',
  'Świętopełk Łęcki',
  'Dorota Konkol',
];

/** A row of a table of four (deal `i`), summing to 0. */
const four = (i: number) =>
  [
    [4, -4, 2, -2],
    [-2, 6, -2, -2],
    [2, 2, -2, -2],
    [0, -4, 0, 4],
  ][i % 4]!;
/** A row of a table of five: the dealer (seat i mod 5) sits out (RULES §9), the others sum to 0. */
function five(i: number): (number | null)[] {
  const scores = [
    [6, -2, -2, -2],
    [-4, 4, -4, 4],
    [2, -6, 2, 2],
  ][i % 3]!;
  const row: (number | null)[] = [];
  for (let s = 0, k = 0; s < 5; s++) row.push(s === i % 5 ? null : scores[k++]!);
  return row;
}
const rows = (n: number, row: (i: number) => (number | null)[]) => Array.from({ length: n }, (_, i) => row(i));

/** Round 1 played; round 2 played but for its table of five, which has entered 3 of its 36 deals. */
const FILE = {
  name: 'Grand Prix Żnina — turniej wrześniowy',
  format: { format: 'znin', rounds: 3 },
  rules: 'znin',
  seed: 'wrzesien',
  players: NAMES.map((name, i) => ({ id: `p${i + 1}`, name })),
  rounds: [
    {
      tables: [
        { table: 1, players: ['p1', 'p2', 'p3', 'p4'], protocol: rows(32, four) },
        { table: 2, players: ['p5', 'p6', 'p7', 'p8'], protocol: rows(32, four) },
        { table: 3, players: ['p9', 'p10', 'p11', 'p12', 'p13'], protocol: rows(36, five) },
      ],
    },
    {
      tables: [
        { table: 1, players: ['p1', 'p5', 'p9', 'p13'], protocol: rows(32, four) },
        { table: 2, players: ['p2', 'p6', 'p10', 'p12'], protocol: rows(32, four) },
        { table: 3, players: ['p3', 'p4', 'p7', 'p8', 'p11'], protocol: rows(3, five) },
      ],
    },
  ],
};

/** A PDF's pages as text (pdftotext puts a form feed between them), and each page as a PNG in SHOTS. */
function readPdf(pdf: Buffer, name: string, dpi = 60): { pages: string[]; pngs: string[] } {
  const path = join(tmp, `${name}.pdf`);
  writeFileSync(path, pdf);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', path, join(SHOTS, name)]);
  const pngs = readdirSync(SHOTS)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => join(SHOTS, f));
  return { pages: text.split('\f').slice(0, -1), pngs };
}

/** What the one QR code in the picture (a printed page) says, or null. */
function qrIn(png: string): string | null {
  const img = PNG.sync.read(readFileSync(png));
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data ?? null;
}

/** What the QR codes in the picture (a printed page) say: read in bands down its left third, one code a band. */
function qrsIn(png: string): Set<string> {
  const img = PNG.sync.read(readFileSync(png));
  const width = Math.floor(img.width / 3);
  const band = Math.floor(img.width / 5); // a little more than a code of the seating list
  const found = new Set<string>();
  for (let top = 0; top + band <= img.height; top += Math.floor(band / 8)) {
    const pixels = new Uint8ClampedArray(width * band * 4);
    for (let y = 0; y < band; y++) {
      const from = (top + y) * img.width * 4;
      pixels.set(img.data.subarray(from, from + width * 4), y * width * 4);
    }
    const read = jsQR(pixels, width, band);
    if (read) found.add(read.data);
  }
  return found;
}

/** The page printed to PDF as the print dialog would print it (A4 from the page's own @page rule). */
const print = (page: Page) => page.pdf({ preferCSSPageSize: true, printBackground: false });

describe('the director’s page and its paper', () => {
  it('asks before drawing a round while one is played, refuses to start it beside the button, and prints what he looks at', async () => {
    const server = await start({});
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    const id = await page.evaluate(async (file) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      await post('/api/register', { name: 'Sędzia Kreft', password: 'kaszëbë-1234' });
      return (await post('/api/tournaments/import', { file: JSON.stringify(file), mode: 'hall' })).tournament.id;
    }, FILE);
    expect(id).toMatch(/^[\w-]+$/);
    await page.goto(`${server.url}/#/tournament/${id}/director`);
    await page.reload(); // the client reads who is signed in when it loads
    const draw = page.getByRole('button', { name: 'Losuj rundę 3', exact: true });
    await draw.waitFor();
    const rounds = async () =>
      (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament.rounds.length as number;

    // During round 2, the public page (a phone that opened nothing else) and the projector show the same
    // standings: round 1's places, and round 2's small points so far in a column marked provisional.
    const cells = (p: Page) =>
      p.locator('.standings tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.split('\t')));
    const pub = await (await browser().newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await pub.goto(`${server.url}/#/tournament/${id}`);
    await expect.poll(() => pub.locator('.standings tbody tr').count(), { timeout: 10_000 }).toBe(13);
    expect(await pub.locator('.standings thead').innerText()).toMatch(/Małe pkt\s+W toku\*\s+Pkt turniejowe/);
    expect(await pub.locator('.running-note').innerText()).toContain('Są tymczasowe');
    expect(await pub.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Every column on screen: the table does not scroll inside its box either.
    const wrap = pub.locator('.standings-wrap');
    expect(await wrap.evaluate((x) => x.scrollWidth - x.clientWidth)).toBeLessThanOrEqual(1); // a pixel of rounding
    await pub.locator('.standings').scrollIntoViewIfNeeded();
    await pub.screenshot({ path: join(SHOTS, 'standings-during-round-360.png') });
    const shown = await cells(pub);
    expect(shown.every((row) => row.every((cell) => !/\d[.,]\d{3}/.test(cell)))).toBe(true);
    const projector = await (await browser().newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await projector.goto(`${server.url}/#/tournament/${id}/projector`);
    await expect.poll(() => projector.locator('.standings.big tbody tr').count(), { timeout: 10_000 }).toBe(10);
    expect(await cells(projector)).toEqual(shown.slice(0, 10));
    await projector.screenshot({ path: join(SHOTS, 'projector-during-round-1280.png') });
    await pub.context().close();
    await projector.context().close();

    // Drawing round 3 while round 2 is played: asked first, told what it means; "Anuluj" draws nothing.
    const asked: string[] = [];
    page.once('dialog', (d) => (asked.push(d.message()), void d.dismiss()));
    await draw.click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('Runda 2 trwa: przy stoliku 3 rozegrano 3 z 36 rozdań');
    expect(asked[0]).toContain('Wylosować już rundę 3?');
    expect(asked[0]).toContain('Rundę 3 rozpoczniesz dopiero, gdy skończą wszystkie stoliki rundy 2');
    expect(await rounds()).toBe(2);
    page.once('dialog', (d) => (asked.push(d.message()), void d.accept()));
    await draw.click();
    await expect.poll(rounds).toBe(3);

    // Starting it is refused, and the reason stands beside the button pressed, in view.
    const startButton = page.getByRole('button', { name: 'Rozpocznij rundę 3' });
    await startButton.click();
    const refusal = page.locator('.refusal');
    await expect.poll(() => refusal.count()).toBe(1);
    expect(await refusal.innerText()).toBe(
      'Runda 2 trwa: przy stoliku 3 rozegrano 3 z 36 rozdań. Rundę 3 można rozpocząć, gdy skończą wszystkie stoliki rundy 2.',
    );
    const button = (await startButton.boundingBox())!;
    const said = (await refusal.boundingBox())!;
    expect(said.y - (button.y + button.height)).toBeGreaterThanOrEqual(0);
    expect(said.y - (button.y + button.height)).toBeLessThan(40); // right under it
    expect(Math.abs(said.x - button.x)).toBeLessThan(button.width + 400);
    expect(said.y + said.height).toBeLessThan(800); // on screen, where he looked
    expect(await page.locator('main > p[role=alert]').count()).toBe(0); // not at the top of the page
    await page.screenshot({ path: join(SHOTS, 'director-refusal-1280.png') });
    await page.setViewportSize({ width: 360, height: 740 });
    await refusal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'director-refusal-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The seating list printed right after the draw: each table's code, and a QR code a phone reads.
    const codes = (
      await (await context.request.get(`${server.url}/api/tournaments/${id}`)).json()
    ).tournament.rounds[2].tables.map((t: { code: string }) => t.code) as string[];
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-Z]{6}$/);
    const round3 = page.locator('section.round').first();
    await expect.poll(() => round3.locator('.qr svg').count(), { timeout: 10_000 }).toBe(3);
    await round3.scrollIntoViewIfNeeded();
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    const seating = readPdf(await print(page), 'seating-round3', 110); // fine enough to read the QR codes
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    const seatingText = seating.pages.join('\n');
    expect(seatingText).toContain('Runda 3');
    expect(seatingText).not.toMatch(/Runda [12]\b/); // the round he looked at, alone
    for (const code of codes) expect(seatingText).toContain(code);
    // Each table's QR code, read off the printed page, opens that table's page on a phone.
    expect(qrsIn(seating.pngs[0]!)).toEqual(new Set(codes.map((code) => `${server.url}/#/hall/${code}`)));

    // A phone that scans a code before the round starts is told so, in words (its page tries again by itself).
    const phone = await (await browser().newContext({ viewport: { width: 360, height: 740 } })).newPage();
    await phone.goto(`${server.url}/#/hall/${codes[0]}`);
    await expect
      .poll(() => phone.locator('main').innerText(), { timeout: 10_000 })
      .toContain('Runda 3 jeszcze się nie zaczęła');
    // A wait, not an error: said calmly (a status, not an alert in the error's red).
    const wait = phone.locator('main p[role=status]');
    expect(await wait.innerText()).toContain('Runda 3 jeszcze się nie zaczęła');
    expect(await phone.locator('main [role=alert]').count()).toBe(0);
    await phone.screenshot({ path: join(SHOTS, 'hall-before-start-360.png') });
    await phone.context().close();
    // Drawn again (before it starts), each table keeps its code: the printed list stays right.
    const events = async () =>
      (await (await context.request.get(`${server.url}/api/tournaments/${id}/events`)).json()).events.length as number;
    const before = await events();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Losuj rundę 3 jeszcze raz' }).click();
    await expect.poll(events).toBe(before + 1);
    const again = (await (await context.request.get(`${server.url}/api/tournaments/${id}`)).json()).tournament
      .rounds[2];
    expect(again.tables.map((t: { code: string }) => t.code)).toEqual(codes);

    // Looking at round 1, the browser's print prints round 1.
    await page.locator('section.round').last().scrollIntoViewIfNeeded();
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    const first = readPdf(await print(page), 'seating-round1');
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    expect(first.pages.join('\n')).toContain('Runda 1');
    expect(first.pages.join('\n')).not.toMatch(/Runda [23]\b/);

    // A round's protocols, a table of five among them: a sheet a table, and no page of signatures alone.
    for (const [round, name] of [
      [1, 'protocols-round1'],
      [3, 'protocols-round3'],
    ] as const) {
      const sheets = await context.newPage();
      // As the director's "Protokoły do druku (A4)" opens them: with the page's address, for the QR codes.
      const at = encodeURIComponent(`${server.url}/`);
      await sheets.goto(`${server.url}/api/tournaments/${id}/protocols?round=${round}&lang=pl&page=${at}`);
      const pdf = readPdf(await print(sheets), name, round === 3 ? 110 : 60);
      expect(pdf.pages, name).toHaveLength(3);
      for (const [k, text] of pdf.pages.entries()) {
        expect(text, `${name}, page ${k + 1}`).toContain('Podpisy graczy');
        expect(text, `${name}, page ${k + 1}`).toContain(`Stolik ${k + 1}`);
        // The sheet's last deal is on the page with the signatures (32 at a table of four, 36 at five).
        expect(text, `${name}, page ${k + 1}`).toMatch(new RegExp(`\\n\\s*${k === 2 ? 36 : 32}\\s`));
      }
      // Round 3 was drawn, not started: each sheet already carries its table's code and QR code.
      if (round === 3)
        for (const [k, png] of pdf.pngs.entries()) expect(qrIn(png)).toBe(`${server.url}/#/hall/${codes[k]}`);
      await sheets.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
