// The table protocol (protokół stolikowy) as a printable HTML page: one A4 sheet per table, a row
// per deal with each player's small points and running totals, bok-round deals marked, the
// table's places and big points when complete, and room for signatures. RULES §9
// A hall table's sheet may carry its phone code and a QR code of its phone page, which the caller
// makes (the server knows the codes and its own address; this module knows neither).
import type { TableSize } from './format.js';
import { type Tournament, type TournamentTable, sittingOut } from './file.js';
import { pointsText } from './points.js';
import { tableResult } from './ranking.js';

export type ProtocolLang = 'pl' | 'en' | 'de';

const WORDS = {
  pl: {
    title: 'Protokół stolikowy',
    round: 'Runda',
    table: 'Stolik',
    deal: 'Rozd.',
    bok: 'Bok',
    score: 'wynik',
    total: 'razem',
    seat: 'gracz',
    sum: 'Małe pkt',
    place: 'Miejsce',
    big: 'Duże pkt',
    signatures: 'Podpisy graczy',
    director: 'Sędzia',
    dealsOf: (played: number, all: number) => `Rozegrane rozdania: ${played} z ${all}`,
    five: 'Przy stole pięcioosobowym rozdający pauzuje: jego pola mają kreskę (—).',
    bokNote: 'B: rozdanie w bok-rundzie (liczone podwójnie).',
    code: 'Kod stolika',
    phone: 'Zapis rozdań w telefonie: zeskanuj kod QR albo otwórz',
  },
  en: {
    title: 'Table protocol',
    round: 'Round',
    table: 'Table',
    deal: 'Deal',
    bok: 'Bok',
    score: 'score',
    total: 'total',
    seat: 'player',
    sum: 'Small pts',
    place: 'Place',
    big: 'Big pts',
    signatures: "Players' signatures",
    director: 'Director',
    dealsOf: (played: number, all: number) => `Deals played: ${played} of ${all}`,
    five: 'At a table of five the dealer sits out: his cells carry a dash (—).',
    bokNote: 'B: deal in a bok-round (counts double).',
    code: 'Table code',
    phone: 'Enter the deals on a phone: scan the QR code or open',
  },
  de: {
    title: 'Tischprotokoll',
    round: 'Runde',
    table: 'Tisch',
    deal: 'Spiel',
    bok: 'Bok',
    score: 'Wert',
    total: 'Summe',
    seat: 'Spieler',
    sum: 'Kleine Pkt.',
    place: 'Platz',
    big: 'Große Pkt.',
    signatures: 'Unterschriften der Spieler',
    director: 'Turnierleitung',
    dealsOf: (played: number, all: number) => `Gespielte Spiele: ${played} von ${all}`,
    five: 'Am Fünfertisch setzt der Geber aus: seine Felder tragen einen Strich (—).',
    bokNote: 'B: Spiel in einer Bok-Runde (zählt doppelt).',
    code: 'Tischcode',
    phone: 'Spiele am Handy eintragen: QR-Code scannen oder öffnen',
  },
} as const;

/**
 * A hall table's phone entry, printed on its sheet: the code, and the phone page's address with its
 * QR code as SVG (made by the caller with the `qrcode` package; inserted as it is).
 */
export interface ProtocolPhone {
  code: string;
  url?: string;
  qrSvg?: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page with the protocols of round `round`'s tables (all of them, or the listed ones). */
export function protocolPage(
  t: Tournament,
  round: number,
  tables?: readonly number[],
  lang: ProtocolLang = 'pl',
  phones?: ReadonlyMap<number, ProtocolPhone>,
): string {
  const r = t.file.rounds[round - 1];
  const chosen = r?.tables.filter((x) => !tables || tables.includes(x.table)) ?? [];
  const w = WORDS[lang];
  const title = [w.title, t.file.name, `${w.round} ${round}`].filter(Boolean).join(' · ');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${CSS}</style>
</head>
<body>
${chosen.map((table) => sheet(t, round, table, lang, phones?.get(table.table))).join('\n')}
</body>
</html>
`;
}

/** The sheet's corner for a hall table's phone: the QR code, the code, the address to type. */
function phoneBox(phone: ProtocolPhone, lang: ProtocolLang): string {
  const w = WORDS[lang];
  return `<aside class="phone">${phone.qrSvg ? `<div class="qr">${phone.qrSvg}</div>` : ''}<p>${w.code}<br><b class="code">${escape(phone.code)}</b></p>${
    phone.url ? `<p class="url">${w.phone} <span>${escape(phone.url)}</span></p>` : ''
  }</aside>`;
}

function sheet(
  t: Tournament,
  round: number,
  table: TournamentTable,
  lang: ProtocolLang,
  phone: ProtocolPhone | undefined,
): string {
  const w = WORDS[lang];
  const size = table.players.length as TableSize;
  const deals = t.format.deals[size];
  const result = tableResult(table, t.format);
  const bok = new Set(table.bokDeals ?? []);
  const running = table.players.map(() => 0);
  const head = table.players
    .map(
      (id, seat) =>
        `<th colspan="2" class="player"><span class="seat">${w.seat} ${seat + 1}</span>${escape(t.names.get(id) ?? id)}</th>`,
    )
    .join('');
  const sub = table.players.map(() => `<th>${w.score}</th><th>${w.total}</th>`).join('');
  const rows: string[] = [];
  for (let i = 0; i < deals; i++) {
    const row = table.protocol[i];
    const out = sittingOut(size, i);
    const cells = table.players
      .map((_, seat) => {
        // A dash, not the shading alone: printing drops backgrounds unless the person asks for them.
        if (seat === out) return '<td class="out">—</td><td class="out total">—</td>';
        if (!row) return '<td></td><td class="total"></td>';
        running[seat]! += row[seat] ?? 0;
        return `<td>${pointsText(row[seat] ?? 0, lang, true)}</td><td class="total">${pointsText(running[seat]!, lang)}</td>`;
      })
      .join('');
    rows.push(
      `<tr${bok.has(i) ? ' class="bok"' : ''}><th>${i + 1}</th><td class="b">${bok.has(i) ? 'B' : ''}</td>${cells}</tr>`,
    );
  }
  const foot = (label: string, values: readonly string[] | null) =>
    `<tr><th colspan="2">${label}</th>${table.players.map((_, s) => `<td colspan="2">${values?.[s] ?? ''}</td>`).join('')}</tr>`;
  const complete = result.places !== null;
  return `<section class="sheet">
<header${phone ? ' class="with-phone"' : ''}>
  ${phone ? '<div class="titles">' : ''}<h1>${w.title}</h1>
  <p class="event">${escape(t.file.name ?? '')}</p>
  <p class="where"><span>${w.round} <b>${round}</b></span><span>${w.table} <b>${table.table}</b></span><span>${w.dealsOf(table.protocol.length, deals)}</span></p>${
    phone ? `</div>\n  ${phoneBox(phone, lang)}` : ''
  }
</header>
<table class="protocol size${size}">
<colgroup><col class="nr"><col class="bk">${table.players.map(() => '<col><col>').join('')}</colgroup>
<thead><tr><th rowspan="2">${w.deal}</th><th rowspan="2">${w.bok}</th>${head}</tr><tr>${sub}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tbody class="foot">
${foot(w.sum, complete ? result.smallPoints.map((p) => pointsText(p, lang)) : null)}
${foot(w.place, result.places?.map(String) ?? null)}
${foot(w.big, result.tablePoints?.map((p) => pointsText(p, lang)) ?? null)}
</tbody>
</table>
<div class="end">
<p class="notes">${w.bokNote}${size === 5 ? ' ' + w.five : ''}</p>
<div class="signatures size${size}">
<h2>${w.signatures}</h2>
${table.players.map((id) => `<div class="sign"><span>${escape(t.names.get(id) ?? id)}</span></div>`).join('\n')}
<div class="sign"><span>${w.director}</span></div>
</div>
</div>
</section>`;
}

const CSS = `
@page { size: A4 portrait; margin: 10mm 12mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.25 system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #000; background: #e8e8e8; margin: 0; }
.sheet { background: #fff; width: 210mm; min-height: 297mm; margin: 8mm auto; padding: 10mm 12mm; box-shadow: 0 1px 6px rgba(0,0,0,.25); }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2mm 6mm; border-bottom: 0.6mm solid #000; padding-bottom: 2mm; margin-bottom: 3mm; }
h1 { font-size: 15pt; margin: 0; }
/* The event's name on a line of its own under the title: squeezed beside it, a long name took four lines. */
.event { margin: 0; font-size: 11pt; flex: 1 1 100%; order: 3; }
.where { margin: 0; display: flex; gap: 5mm; }
.where b { font-size: 13pt; }
header.with-phone { flex-wrap: nowrap; align-items: flex-start; justify-content: space-between; }
header.with-phone .titles { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2mm 6mm; }
.phone { display: grid; grid-template-columns: 24mm 34mm; gap: 0 2mm; align-items: start; font-size: 8pt; }
.phone .qr { grid-row: 1 / span 2; }
.phone .qr svg { display: block; width: 24mm; height: 24mm; }
.phone p { margin: 0; }
.phone .code { font: 700 13pt ui-monospace, monospace; letter-spacing: 0.1em; }
.phone .url { grid-column: 2; overflow-wrap: anywhere; color: #333; }
.phone .url span { font-family: ui-monospace, monospace; color: #000; }
table.protocol { width: 100%; border-collapse: collapse; table-layout: fixed; font-variant-numeric: tabular-nums; }
.protocol th, .protocol td { border: 0.25mm solid #555; padding: 0 1.2mm; height: 5mm; text-align: right; }
.protocol thead th { text-align: center; font-weight: 600; font-size: 8.5pt; height: auto; padding: 1mm; }
.protocol thead th.player { font-size: 9.5pt; overflow-wrap: break-word; hyphens: auto; }
.protocol .seat { display: block; font-weight: 400; font-size: 7.5pt; color: #333; }
.protocol tbody th { text-align: center; font-weight: 400; }
.protocol tbody td, .protocol tbody th { height: 4.8mm; font-size: 9pt; line-height: 1; padding-top: 0; padding-bottom: 0; }
.protocol col.nr { width: 10mm; }
.protocol col.bk { width: 9mm; }
.protocol td.b { text-align: center; font-weight: 700; }
.protocol td.total { font-weight: 600; border-right: 0.5mm solid #000; }
.protocol td.out { background: #d4d4d4; text-align: center; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.protocol tr.bok td:not(.out), .protocol tr.bok th { background: #f3f3f3; }
.protocol tbody tr:nth-child(4n) td, .protocol tbody tr:nth-child(4n) th { border-bottom: 0.5mm solid #000; }
/* The totals are a body, not a tfoot: a footer would repeat on every page of a sheet that needed two. */
.protocol .foot th { text-align: left; font-weight: 600; white-space: nowrap; }
.protocol .foot td { text-align: center; font-weight: 700; height: 6.5mm; }
.notes { font-size: 8pt; color: #333; margin: 1.5mm 0 3mm; }
.signatures h2 { font-size: 10pt; margin: 0 0 2mm; }
.signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 3mm 6mm; }
/* Five players and the director sign on one line: the sheet of 36 deals then fits one A4 page. */
.signatures.size5 { grid-template-columns: repeat(6, 1fr); gap: 3mm 3mm; }
.signatures h2 { grid-column: 1 / -1; }
.sign { border-bottom: 0.25mm solid #000; height: 10mm; }
.sign span { font-size: 7.5pt; color: #333; }
@media print {
  body { background: none; }
  .sheet { margin: 0; padding: 0; width: auto; min-height: 0; box-shadow: none; break-after: page; }
  .sheet:last-child { break-after: auto; }
  /* A sheet that needs a second page takes its last deals there with the totals, the notes and the
     signatures: never a page of signature lines alone. */
  .protocol tr, .protocol .foot, .end { break-inside: avoid; }
  .protocol .foot, .end { break-before: avoid; }
  .protocol tbody:not(.foot) tr:nth-last-child(-n + 3) { break-after: avoid; }
}
@media screen and (max-width: 220mm) {
  .sheet { width: auto; min-height: 0; margin: 0; padding: 4mm; box-shadow: none; }
  .protocol thead th, .protocol thead th.player { font-size: 7pt; padding: 0.5mm; }
  .protocol tbody td, .protocol tbody th { font-size: 8pt; padding: 0 0.6mm; }
  header.with-phone { flex-wrap: wrap; }
  .phone { grid-template-columns: 24mm 1fr; width: 100%; }
}
`;
