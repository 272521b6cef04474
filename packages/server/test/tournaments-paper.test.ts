// What a director takes away from the server, on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: the
// standings and the season as CSV for a spreadsheet (a byte-order mark, ";" and decimal commas in
// Polish and German) beside the plain CSV, which stays byte for byte what `baska tournament
// standings --csv` prints; and the printed protocols of a hall round, which carry each table's code
// and its phone page's QR code for the director only, in Polish, English and German.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, hallRoundStarted, registered, start, stopAll } from './harness.js';

afterAll(stopAll);

const BASKA = fileURLToPath(new URL('../../cli/bin/baska.js', import.meta.url));
const PLAYERS = [
  'Anna Wiśniewska',
  'Jan Kaszuba',
  'Ewa Żółć',
  'Józef Kreft',
  'Ola Bury',
  'Piotr Lis',
  'Marta Hinz',
  'Zofia Stolc',
];

/** A hall tournament of 8 in one round of one deal, both tables played: a shared 3rd–6th place (50.75 points). */
async function played(url: string) {
  const { c: dir, id: directorId } = await registered(url, 'Sędzia Arkusza');
  const { id, codes } = await hallRoundStarted(dir, {
    name: 'Turniej',
    format: { format: 'znin', rounds: 1, deals: { 4: 1 } },
    players: PLAYERS,
  });
  for (const [table, row] of [
    [1, [12, 0, 0, -12]],
    [2, [10, 0, 0, -10]],
  ] as const) {
    const r = await dir.http('POST', `/api/tournaments/${id}/rows`, { round: 1, table, row, id: `row-${table}-0000` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return { dir, directorId, id, codes };
}

const get = (url: string, cookie = '') => fetch(url, { headers: { cookie } });
/** The answer's text with its byte-order mark, if any (Response.text() drops it). */
const marked = async (r: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());

for (const database of DATABASES) {
  describe(`a director's downloads on ${database.name}`, () => {
    it('the standings and the season as CSV for Excel: a byte-order mark, ";", 50,75; the plain CSV unchanged', async () => {
      const server = await start(database.env());
      const { dir, directorId, id } = await played(server.url);

      // The plain CSV is the command's, byte for byte, with no byte-order mark.
      const plain = new Uint8Array(
        await (await get(`${server.url}/api/tournaments/${id}/standings.csv`)).arrayBuffer(),
      );
      const path = join(mkdtempSync(join(tmpdir(), 'baska-t-')), 't.json');
      writeFileSync(path, await (await get(`${server.url}/api/tournaments/${id}/file`)).text());
      const cli = execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--csv']);
      expect(Buffer.from(plain).equals(cli)).toBe(true);
      expect(plain[0]).toBe('p'.charCodeAt(0));
      expect(new TextDecoder().decode(plain)).toContain(',50.75\n');

      const excel = await get(`${server.url}/api/tournaments/${id}/standings.csv?excel=pl`);
      expect(excel.status).toBe(200);
      expect(excel.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(excel.headers.get('content-disposition')).toBe('attachment; filename="Turniej-Excel.csv"');
      const bytes = new Uint8Array(await excel.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\r\n');
      expect(lines[0]).toBe(
        '\uFEFFMiejsce;Id;Gracz;Duże pkt;Małe pkt;1. miejsca;2. miejsca;3. miejsca;4. miejsca;5. miejsca;Pkt turniejowe',
      );
      expect(lines.filter((l) => l.endsWith(';5;0;0;1;0;0;0;50,75'))).toHaveLength(4);
      expect(lines.at(-1)).toBe('');
      // Every line has the header's cells: ";" separates them, and no cell holds a "," left unquoted.
      for (const line of lines.slice(0, -1)) expect(line.split(';')).toHaveLength(11);

      const en = await marked(await get(`${server.url}/api/tournaments/${id}/standings.csv?excel=en`));
      expect(en.split('\r\n')[0]).toBe(
        '\uFEFFPlace,Id,Player,Big points,Small points,1st places,2nd places,3rd places,4th places,5th places,Tournament points',
      );
      expect(en).toContain(',50.75\r\n');

      const season = await get(`${server.url}/api/tournaments/season?director=${directorId}&csv=1&excel=de`);
      expect(season.headers.get('content-disposition')).toBe('attachment; filename="sezon-Excel.csv"');
      const seasonLines = (await marked(season)).split('\r\n');
      expect(seasonLines[0]).toBe('\uFEFFPlatz;Id;Spieler;Turnierpunkte;Summe;Turniere;Turnier 1');
      expect(seasonLines.filter((l) => l.endsWith(';50,75;50,75;1;50,75'))).toHaveLength(4);
      // The plain season CSV is as before.
      const seasonPlain = await (await get(`${server.url}/api/tournaments/season?director=${directorId}&csv=1`)).text();
      expect(seasonPlain.split('\n')[0]).toBe('place,player,name,score,total,played,tournament1');

      // Hostile queries: a coded refusal.
      for (const q of ['excel=xx', 'excel=', 'excel=pl&x=1', 'excel[]=pl'])
        expect((await (await get(`${server.url}/api/tournaments/${id}/standings.csv?${q}`)).json()).error.code, q).toBe(
          'ERR_SCHEMA',
        );
      expect(
        (await dir.http('GET', `/api/tournaments/season?director=${directorId}&csv=1&excel=fr`)).body.error.code,
      ).toBe('ERR_SCHEMA');
    });

    it('a hall round’s printed protocols carry each table’s code and QR code for the director only, in pl, en and de', async () => {
      const server = await start(database.env());
      const { dir, id, codes } = await played(server.url);
      const page = `${server.url}/`;
      const protocols = (lang: string, cookie = '', q = `&page=${encodeURIComponent(page)}`) =>
        get(`${server.url}/api/tournaments/${id}/protocols?round=1&lang=${lang}${q}`, cookie);

      const html = await (await protocols('pl', dir.cookie)).text();
      for (const code of codes) {
        expect(html).toContain(`<b class="code">${code}</b>`);
        expect(html).toContain(`${page}#/hall/${code}`);
      }
      expect(html.match(/<div class="qr"><svg /g)).toHaveLength(2);
      expect(html).toContain('Kod stolika');
      expect(html).toContain('zeskanuj kod QR');

      // Everyone else prints the same protocols without a code: a code lets a phone write into the protocol.
      for (const cookie of ['', (await registered(server.url, 'Gracz Ciekawski')).c.cookie]) {
        const theirs = await (await protocols('pl', cookie)).text();
        expect(theirs).toContain('Protokół stolikowy');
        for (const code of codes) expect(theirs).not.toContain(code);
        expect(theirs).not.toContain('<svg');
      }
      // Without the page's address the director's sheets still name the code (nothing to point a QR code at).
      const bare = await (await protocols('pl', dir.cookie, '')).text();
      for (const code of codes) expect(bare).toContain(`<b class="code">${code}</b>`);
      expect(bare).not.toContain('<svg');

      // In English and German (German answered 500: the core had no German words).
      const en = await protocols('en', dir.cookie);
      expect(en.status).toBe(200);
      expect(await en.text()).toContain('Table code');
      const de = await protocols('de', dir.cookie);
      expect(de.status).toBe(200);
      const deHtml = await de.text();
      expect(deHtml).toContain('<html lang="de">');
      expect(deHtml).toContain('Tischprotokoll');
      expect(deHtml).toContain('Tischcode');

      // A page address that is not an http(s) page of its own is refused, and so is anything else.
      for (const bad of [
        'javascript:alert(1)',
        'ftp://example.org/',
        'https://user:pass@example.org/',
        'https://example.org/?x=1',
        'https://example.org/#/hall/AAAAAA',
        'HTTP://EXAMPLE.ORG/',
        'x'.repeat(301),
      ]) {
        const r = await protocols('pl', dir.cookie, `&page=${encodeURIComponent(bad)}`);
        expect(r.status, bad).toBe(400);
        expect((await r.json()).error.code, bad).toBe('ERR_SCHEMA');
      }
      expect((await (await protocols('fr', dir.cookie)).json()).error.code).toBe('ERR_SCHEMA');
    });
  });
}
