// The hall's QR codes in a real browser (Debian's Chromium): the director's seating list shows each
// table's QR code beside its six-sign code, and what a phone's camera reads from the drawn QR code
// (the element's pixels, decoded by jsQR) is the phone's page of that table on the page's own origin.
// The QR code does not touch the database: SQLite only. Screenshots at phone (print) and desktop size.
// The printed A4 protocol of a hall table carries the same QR code beside the table's code.
// The phone's page of a table of five with long names fits a 360-pixel phone: nothing scrolls
// sideways, and the second phone's "Potwierdzam" is on the screen.
import { join } from 'node:path';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { Client, hallPhone, hallRoundStarted, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, clippedTexts, useChromium } from './browser.js';

// jsqr's build exports the function itself, while its types describe an ES module's default export.
const jsQR = jsqr as unknown as typeof jsqr.default;
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

const browser = useChromium(stopAll);

describe('the hall’s QR codes', () => {
  it('each table’s QR code on the seating list opens #/hall/CODE on the page’s origin', async () => {
    const server = await start({});
    const dir = new Client(server.url);
    expect((await dir.http('POST', '/api/register', { name: 'Sędzia Sali', password: 'kaszëbë-1234' })).status).toBe(
      200,
    );
    const { id, codes } = await hallRoundStarted(dir, {
      name: 'Turniej w remizie',
      format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
      // Long names, as a real list has them: the seating list must still fit a phone beside the QR codes.
      players: [
        'Anna',
        'Jan',
        'Ewa',
        'Piotr',
        'Ola',
        'Grzegorz Brzęczyszczykiewicz',
        'Małgorzata Żółtowska-Kowalczyk',
        'Józef',
      ],
    });
    expect(codes).toHaveLength(2);

    const [name, value] = dir.cookie.split('=') as [string, string];
    for (const [viewport, shot] of [
      [{ width: 360, height: 740 }, 'hall-qr-seating-360.png'],
      [{ width: 1280, height: 800 }, 'hall-qr-seating-1280.png'],
    ] as const) {
      // Three device pixels to a CSS pixel, as a phone's screen: enough for the decoder's modules.
      const context = await browser().newContext({ viewport, deviceScaleFactor: 3 });
      await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.url}/#/tournament/${id}/director`);
      const qrs = page.locator('.seating .qr');
      await expect.poll(() => qrs.count(), { timeout: 15_000 }).toBe(2);
      for (const [k, code] of codes.entries()) {
        const qr = qrs.nth(k);
        expect(await qr.getAttribute('aria-label')).toContain(code);
        // The code it stands beside, in the same cell.
        expect(await qr.locator('xpath=..').locator('.code').innerText()).toBe(code);
        const png = PNG.sync.read(await qr.screenshot());
        const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        expect(read?.data).toBe(`${server.url}/#/hall/${code}`);
      }
      // On a phone the director's page does not scroll sideways: the seating with its QR codes, and a
      // table's protocol opened.
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await wide()).toBeLessThanOrEqual(viewport.width);
      await page.locator('details.protocol summary').first().click();
      expect(await wide()).toBeLessThanOrEqual(viewport.width);
      await page.locator('.seating').first().scrollIntoViewIfNeeded();
      if (viewport.width === 360) await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: join(SHOTS, shot) });
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the printed A4 protocol of a hall table carries its code and a QR code a phone opens the table’s page with', async () => {
    const server = await start({});
    const dir = new Client(server.url);
    await dir.http('POST', '/api/register', { name: 'Sędzia Papieru', password: 'kaszëbë-1234' });
    const { id, codes } = await hallRoundStarted(dir, {
      name: 'Turniej w remizie',
      format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
      players: ['Anna', 'Jan', 'Ewa', 'Piotr', 'Ola', 'Grzegorz Brzęczyszczykiewicz', 'Marta', 'Józef'],
    });

    const [name, value] = dir.cookie.split('=') as [string, string];
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 3 });
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/#/tournament/${id}/director`);
    // The director's "Protokoły do druku (A4)" opens the round's sheets in a new tab.
    const [sheets] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Protokoły do druku (A4)' }).click(),
    ]);
    await sheets.waitForLoadState();
    await sheets.emulateMedia({ media: 'print' });
    const qrs = sheets.locator('.sheet .phone .qr');
    await expect.poll(() => qrs.count(), { timeout: 15_000 }).toBe(2);
    for (const [k, code] of codes.entries()) {
      const sheet = sheets.locator('.sheet').nth(k);
      expect(await sheet.locator('.where').innerText()).toContain(`Stolik ${k + 1}`);
      expect(await sheet.locator('.phone .code').innerText()).toBe(code);
      expect(await sheet.locator('.phone .url').innerText()).toContain(`${server.url}/#/hall/${code}`);
      const png = PNG.sync.read(await qrs.nth(k).screenshot());
      const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(read?.data).toBe(`${server.url}/#/hall/${code}`);
    }
    await sheets.screenshot({ path: join(SHOTS, 'protocol-qr-1280.png') });
    await sheets.setViewportSize({ width: 360, height: 740 });
    await sheets.emulateMedia({ media: 'screen' });
    // On a phone's screen the sheet is narrower than A4: the code box goes under the title, nothing sideways.
    expect(await sheets.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await sheets.screenshot({ path: join(SHOTS, 'protocol-qr-360.png') });

    // A phone that scans the second table's QR code opens that table's protocol, no account needed.
    const phone = await browser().newContext({ viewport: { width: 360, height: 740 } });
    const table = await phone.newPage();
    const png = PNG.sync.read(await qrs.nth(1).screenshot());
    await table.goto(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)!.data);
    await expect.poll(() => table.locator('h1').innerText(), { timeout: 15_000 }).toContain('Stolik 2');
    expect(errors).toEqual([]);
    await phone.close();
    await context.close();
  });

  it('a table of five with long names fits a 360 px phone: nothing scrolls sideways, the confirmations are on screen', async () => {
    const server = await start({});
    const dir = new Client(server.url);
    await dir.http('POST', '/api/register', { name: 'Sędzia Długich', password: 'kaszëbë-1234' });
    const names = [
      'Grzegorz Brzęczyszczykiewicz',
      'Małgorzata Żółtowska-Kowalczyk',
      'Urszula Kołodziej-Dąb',
      'Świętopełk Pomorski',
      'Józef Ścięgosz',
    ];
    const { codes } = await hallRoundStarted(dir, {
      name: 'Turniej w remizie',
      format: { format: 'znin', rounds: 1, deals: { 5: 5 } },
      players: names,
    });
    const code = codes[0]!;
    // Three deals from the first phone: in words, one with an offence (a revoke in a zollo), and typed.
    const first = await hallPhone(dir, code); // the token the server gives the first phone
    const entries = [
      { words: { contract: 'zwyczajna', old: [1, 2], doublings: 1, winner: 'old', grade: 1 } },
      { words: { contract: 'zollo', old: [2], doublings: 0, offence: { seat: 2, kind: 'revoke' } } },
      { scores: [20, -20, null, 20, -20] },
    ];
    for (const [k, e] of entries.entries())
      expect(
        (await dir.http('POST', `/api/hall/${code}/entries`, { id: `wpis-${k}-0001`, device: first, ...e })).status,
      ).toBe(200);

    // The second phone, at a phone's size.
    const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/#/hall/${code}`);
    const confirm = page.getByRole('button', { name: 'Potwierdzam' });
    await expect.poll(() => confirm.count(), { timeout: 15_000 }).toBe(3);
    await page.locator('.hall-deals').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'hall-five-360.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (let k = 0; k < 3; k++) {
      const box = (await confirm.nth(k).boundingBox())!;
      expect(box.x + box.width, `Potwierdzam ${k + 1}`).toBeLessThanOrEqual(360);
    }
    // Each player is named in full beside his small points, nothing cut.
    const points = await page.locator('.hall-deals > li').first().locator('.deal-points li').allInnerTexts();
    expect(points.map((x) => x.replace(/ (pauzuje|[+−]\d+|0)$/, '')).sort()).toEqual([...names].sort());
    expect(await clippedTexts(page)).toEqual([]);
    await confirm.first().click();
    await expect.poll(() => page.locator('.hall-deals .ok').count()).toBe(1);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
