// The privacy page and deleting an account, in Chromium at a phone's width (360 px) against the real
// server (decision 019). The page is reached from beside registration and from the menu, in Polish,
// English and German, whole on the screen and clean under axe-core. A registered player who played a
// game opens his profile, reads in the dialog what he will lose, is refused with a wrong password
// (nothing changes), and with his own is signed out on the privacy page that says his account is gone;
// his game then names "usunięty gracz 1". Pictures go to BASKA_SHOTS (or e2e/artifacts/).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BROWSER_DATABASES, Client, autoplay, start, stopAll, tableWithBots } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, clippedTexts, freshPage, useChromium } from './browser.js';

const browser = useChromium(stopAll);
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };

/** Wider than the screen: a person would have to scroll sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const database of BROWSER_DATABASES) {
  describe(`privacy and deleting an account in the browser (${database.name})`, () => {
    it('the privacy page in three languages; the delete dialog says what is lost, refuses a wrong password, deletes with the right one', async () => {
      const server = await start(database.env());

      // Beside registration, a link to what is kept; the page fits a phone, in pl, en and de.
      const { context: first, page, errors } = await freshPage(browser(), server.url, PHONE);
      await page.getByRole('link', { name: 'Co przechowujemy o graczach: prywatność' }).click();
      await page.getByRole('heading', { level: 1, name: 'Prywatność: co o tobie przechowujemy' }).waitFor();
      for (const heading of [
        'Kto prowadzi ten serwer',
        'Co przechowujemy i po co',
        'Jak długo',
        'Pobierz swoje dane',
        'Usuń konto',
      ])
        await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      // This server's operator gave no name or contact (BASKA_OPERATOR_*): the page says so plainly.
      for (const [lang, title, noContact] of [
        ['pl', 'Prywatność: co o tobie przechowujemy', 'nie podał swojej nazwy ani kontaktu'],
        ['en', 'Privacy: what we keep about you', 'has not given a name or a contact'],
        ['de', 'Datenschutz: was wir über dich speichern', 'hat weder Namen noch Kontakt angegeben'],
      ] as const) {
        await page
          .getByLabel(/Język|Language|Sprache/)
          .first()
          .selectOption(lang);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.locator('.privacy .operator', { hasText: noContact }).waitFor();
        expect(await overflow(page), lang).toBeLessThanOrEqual(0);
        expect(await clippedTexts(page), lang).toEqual([]);
        expect(await accessibilityProblems(page), lang).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/privacy-${lang}-360.png`, fullPage: true });
      }
      await page
        .getByLabel(/Język|Language|Sprache/)
        .first()
        .selectOption('pl');
      // From the menu as well.
      await page.goto(`${server.url}/#/`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Prywatność', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Prywatność: co o tobie przechowujemy' }).waitFor();
      expect(errors).toEqual([]);
      await first.close();

      // A registered player with one game played to its end.
      const c = new Client(server.url);
      const player = await c.register('Ola Wyspa');
      const table = await tableWithBots(c, 'random');
      await c.connect();
      c.send({ type: 'join', table });
      await c.next((m) => m.type === 'snapshot');
      await c.http('POST', `/api/tables/${table}/start`);
      await autoplay(c, table, (m) => m.type === 'event' && m.event.type === 'finished');
      c.close();

      const {
        context,
        page: profile,
        errors: profileErrors,
      } = await freshPage(browser(), `${server.url}/#/player/${player.id}`, PHONE, c.cookie);
      const download = profile.getByRole('link', { name: 'Pobierz moje dane' });
      expect(await download.getAttribute('href')).toBe('/api/me/data');
      const open = profile.getByRole('button', { name: 'Usuń konto' });
      await open.click();
      const dialog = profile.getByRole('dialog', { name: 'Usunąć konto na zawsze?' });
      await dialog.waitFor();
      // What a screen reader is told of it: what is lost and what stays.
      const described = await dialog.evaluate((d) =>
        (d.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(described).toContain('Usuniemy:');
      expect(described).toContain('twoja nazwa stanie się wolna');
      expect(described).toContain('ranking');
      expect(described).toContain('usunięty\u00a0gracz'); // the label's words kept on one line
      // The button that deletes looks unlike the one that cancels: red, white letters.
      // The data can be taken first, from the dialog itself.
      expect(await dialog.getByRole('link', { name: 'Najpierw pobierz swoje dane' }).getAttribute('href')).toBe(
        '/api/me/data',
      );
      const confirm = dialog.getByRole('button', { name: 'Usuń konto na zawsze' });
      const cancel = dialog.getByRole('button', { name: 'Anuluj' });
      const look = (b: typeof confirm) =>
        b.evaluate((e) => {
          const s = getComputedStyle(e);
          return { bg: s.backgroundColor, fg: s.color };
        });
      expect(await look(confirm)).toEqual({ bg: 'rgb(185, 28, 28)', fg: 'rgb(255, 255, 255)' });
      expect((await look(cancel)).bg).toBe('rgb(255, 255, 255)');
      expect(await overflow(profile)).toBeLessThanOrEqual(0);
      expect(await accessibilityProblems(profile), 'dialog').toEqual([]);
      await profile.screenshot({ path: `${SHOTS}/delete-dialog-360.png` });

      // A wrong password: said, and the account stays.
      await dialog.getByLabel('Hasło').fill('nie-to-hasło');
      await confirm.click();
      await dialog.getByRole('alert').filter({ hasText: 'To nie jest hasło tego konta.' }).waitFor();
      expect((await c.http('GET', '/api/me')).body.player).toMatchObject({ id: player.id });
      await profile.screenshot({ path: `${SHOTS}/delete-wrong-password-360.png` });

      // The right one: signed out, on the privacy page that says it is done.
      await dialog.getByLabel('Hasło').fill('kaszëbë-1234');
      await confirm.click();
      const done = profile.getByRole('status').filter({ hasText: 'Konto usunięte.' });
      await done.waitFor();
      const back = done.getByRole('link', { name: 'Wróć na stronę główną' });
      expect(await back.getAttribute('href')).toBe('#/');
      expect(profile.url()).toMatch(/#\/privacy\/deleted$/);
      await profile.waitForSelector('header .me', { state: 'detached' });
      expect((await c.http('GET', '/api/me')).body.player).toBeNull();
      const seats = (await new Client(server.url).http('GET', `/api/tables/${table}`)).body.table.seats;
      expect(seats[0].name).toBe('usunięty gracz 1');
      expect(await overflow(profile)).toBeLessThanOrEqual(0);
      await profile.screenshot({ path: `${SHOTS}/deleted-360.png`, fullPage: true });
      await back.click();
      await profile.getByRole('button', { name: 'Graj jako gość' }).waitFor();
      expect(profileErrors).toEqual([]);
      await context.close();
    });
  });
}
