// The account's password and e-mail address in Chromium at a phone's width (360 px), against the real
// server and a real SMTP server (decision 018): on "Konto" a player gives an address and confirms it
// by the link of the letter he got, and changes his password (his other device is logged out); then,
// logged out, "Nie pamiętam hasła" sends a reset letter whose link opens the page where he sets a new
// password, used once; he logs in with it. Each page fits the width and passes axe-core; what a
// screen reader is told (the live status, the alert) is read by its role.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, Client, start, stopAll } from '../packages/server/test/harness.js';
import { linkIn, mailbox } from '../packages/server/test/mailbox.js';
import { ARTIFACTS, accessibilityProblems, freshPage, useChromium } from './browser.js';

const post = await mailbox();
const browser = useChromium(async () => {
  await stopAll();
  await post.close();
});
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };

/** Waits until the region (a live status, an alert) says this. */
const said = (region: Locator, text: string) => region.filter({ hasText: text }).waitFor();

/** What a person at 360 px cannot miss: nothing wider than the window, nothing axe-core finds. */
async function fits(page: Page, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(PHONE.width);
  expect(await accessibilityProblems(page), what).toEqual([]);
}

for (const database of BROWSER_DATABASES) {
  describe(`passwords in the browser on ${database.name}`, () => {
    it('an address confirmed, a password changed, a forgotten one reset by the letter’s link', async () => {
      const server = await start({ ...database.env(), ...post.env });
      const other = new Client(server.url); // his other device
      await other.register('Basia');
      const laptop = new Client(server.url);
      expect((await laptop.http('POST', '/api/login', { name: 'Basia', password: 'kaszëbë-1234' })).status).toBe(200);
      const { context, page, errors } = await freshPage(browser(), `${server.url}/#/account`, PHONE, laptop.cookie);

      // Konto: the address; the letter's link confirms it.
      await page.getByRole('heading', { name: 'Adres e-mail' }).waitFor();
      // Which account this is, said on the page.
      await page.getByText('Zalogowano jako: Basia').waitFor();
      await fits(page, 'account');
      await page.screenshot({ path: `${SHOTS}/account-phone.png`, fullPage: true });
      let mark = post.letters.length;
      await page.getByRole('textbox', { name: 'Adres e-mail' }).fill('basia@example.org');
      await page.getByRole('button', { name: 'Wyślij link potwierdzający' }).click();
      const email = page.getByRole('region', { name: 'Adres e-mail' }).getByRole('status');
      await said(email, 'Wysłaliśmy list na basia@example.org');
      await page.getByText('Czeka na potwierdzenie: basia@example.org').waitFor();
      const confirm = linkIn(await post.next('basia@example.org', mark), 'email');
      await page.goto(confirm.url);
      await page.getByRole('button', { name: 'Potwierdź adres' }).click();
      await said(page.getByRole('status'), 'Adres potwierdzony');
      await fits(page, 'confirmed');

      // The password changed: this device stays signed in, the other is logged out.
      await page.goto(`${server.url}/#/account`);
      await page.getByText('Potwierdzony adres: basia@example.org').waitFor();
      // An address confirmed: the field is for another one.
      await page.getByRole('textbox', { name: 'Nowy adres e-mail' }).waitFor();
      await page.getByLabel('Obecne hasło').fill('nie-to-hasło');
      await page.getByRole('textbox', { name: 'Nowe hasło' }).fill('nowe-hasło-1');
      await page.getByRole('button', { name: 'Zmień hasło' }).click();
      await said(page.getByRole('alert'), 'Obecne hasło jest nieprawidłowe. Hasło nie zostało zmienione.');
      await page.screenshot({ path: `${SHOTS}/account-wrong-password-phone.png`, fullPage: true });
      await page.getByLabel('Obecne hasło').fill('kaszëbë-1234');
      await page.getByRole('button', { name: 'Zmień hasło' }).click();
      const password = page.getByRole('region', { name: 'Hasło' }).getByRole('status');
      await said(password, 'Hasło zmienione. Inne urządzenia zostały wylogowane; tu logowanie trwa dalej.');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect((await other.http('GET', '/api/me')).body.player).toBeNull();
      expect((await laptop.http('GET', '/api/me')).body.player).toMatchObject({ name: 'Basia' });
      await page.screenshot({ path: `${SHOTS}/account-changed-phone.png`, fullPage: true });

      // Logged out, he forgot it: the login form's link, the letter, the reset page.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Wyloguj', exact: true }).click();
      const forgot = page.getByRole('link', { name: 'Nie pamiętam hasła' });
      await forgot.waitFor();
      await page.getByRole('heading', { name: 'Masz konto? Zaloguj się' }).waitFor();
      await fits(page, 'start');
      await page.screenshot({ path: `${SHOTS}/start-phone.png`, fullPage: true });
      await forgot.click();
      mark = post.letters.length;
      await page.getByLabel('Nazwa konta lub potwierdzony adres e-mail').fill('basia');
      await page.getByRole('button', { name: 'Wyślij link do nowego hasła' }).click();
      await said(page.getByRole('status'), 'Jeśli takie konto');
      await said(page.getByRole('status'), 'Sprawdź też folder spam.');
      expect(await page.getByText('poproś osobę, która prowadzi ten serwer (np. w klubie)').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Wróć do logowania' }).getAttribute('href')).toBe('#/');
      await fits(page, 'forgot');
      await page.screenshot({ path: `${SHOTS}/forgot-phone.png`, fullPage: true });
      const reset = linkIn(await post.next('basia@example.org', mark), 'reset');
      await page.goto(reset.url);
      await page.getByRole('textbox', { name: 'Nowe hasło' }).fill('trzecie-hasło-3');
      await fits(page, 'reset');
      await page.screenshot({ path: `${SHOTS}/reset-phone.png`, fullPage: true });
      await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
      await said(page.getByRole('status'), 'Hasło ustawione');
      expect((await laptop.http('GET', '/api/me')).body.player).toBeNull();

      // The link works once: opened again, it says so.
      await page.goto(`${server.url}/#/`);
      await page.goto(reset.url);
      await page.getByRole('textbox', { name: 'Nowe hasło' }).fill('czwarte-hasło-4');
      await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
      await said(page.getByRole('alert'), 'Ten link już nie działa');
      // A dead link: no form left to fill, and the way to a new link is a link.
      const again = page.getByRole('link', { name: 'Poproś o nowy link' });
      expect(await again.getAttribute('href')).toBe('#/forgot');
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Ustaw nowe hasło' }).count()).toBe(0);
      await fits(page, 'reset used');
      await page.screenshot({ path: `${SHOTS}/reset-used-phone.png`, fullPage: true });
      await again.click();
      await page.getByLabel('Nazwa konta lub potwierdzony adres e-mail').waitFor();

      // The new password logs him in.
      await page.goto(`${server.url}/#/`);
      await page.getByLabel('Nazwa', { exact: true }).fill('Basia');
      await page.getByLabel('Hasło', { exact: true }).fill('trzecie-hasło-3');
      await page.getByRole('button', { name: 'Zaloguj' }).click();
      await page.locator('header .me-name', { hasText: 'Basia' }).waitFor({ state: 'attached' }); // behind the phone's menu
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
