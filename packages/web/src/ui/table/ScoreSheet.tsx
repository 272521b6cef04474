// The score sheet (protokół): a row per deal, the totals, and money at the table's stake. The table
// sends its last rows; the earlier ones load when the reader asks (sheet-rows.ts).
import type { TableInfo } from '@baska/protocol';
import { useRef, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { num } from '../../i18n/format.js';
import { currencyName, moneyAmount, seatName, shortSeatName } from '../words.js';
import { type KnownRows, earlierPage, keep, shownRows } from './sheet-rows.js';

export function ScoreSheet({ info, mine }: { info: TableInfo; mine: number | null }) {
  const w = t();
  // Earlier rows the reader asked for, by deal; another table starts with none.
  const known = useRef<{ table: string; rows: KnownRows }>({ table: info.id, rows: new Map() });
  if (known.current.table !== info.id) known.current = { table: info.id, rows: new Map() };
  // Once he has asked, the table's own rows are kept too: they stay on screen as it plays on.
  if (known.current.rows.size > 0) keep(known.current.rows, info.sheetFrom, info.sheet);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [, redraw] = useState(0);
  const region = useRef<HTMLDivElement>(null);
  if (info.sheet.length === 0) return null;
  const shown = shownRows(info, known.current.rows);
  const page = earlierPage(shown.from);
  const loadEarlier = async () => {
    if (!page || loading) return;
    const rows = known.current.rows;
    setLoading(true);
    setError('');
    try {
      const answer = await api.sheet(info.id, page.from, page.size);
      keep(rows, answer.from, answer.rows);
      keep(rows, info.sheetFrom, info.sheet);
      // The whole sheet is there: the button goes, and the keyboard goes on in the sheet.
      if (answer.from === 0) region.current?.focus();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
      redraw((n) => n + 1);
    }
  };
  return (
    <section class={info.seats.length === 5 ? 'sheet five' : 'sheet'} aria-labelledby="sheet-h">
      <h2 id="sheet-h">{w.sheet}</h2>
      {page && (
        // Not disabled while it loads: a disabled button would lose the keyboard's focus.
        <button class="small earlier" aria-busy={loading} onClick={() => void loadEarlier()}>
          {loading ? w.sheetLoading : w.sheetEarlier(shown.from)}
        </button>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {/* focusable: a keyboard can scroll a wide sheet (five columns) on a phone */}
      <div class="scroll" tabIndex={0} role="region" aria-labelledby="sheet-h" ref={region}>
        <table>
          <thead>
            <tr>
              <th scope="col" title={w.deal} aria-label={w.deal}>
                {w.dealShort}
              </th>
              <th scope="col">{w.contract}</th>
              {info.seats.map((s) => (
                <th
                  key={s.seat}
                  scope="col"
                  title={seatName(info, s.seat, mine)}
                  aria-label={seatName(info, s.seat, mine)}
                >
                  {shortSeatName(info, s.seat, mine)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row, i) => (
              <tr key={shown.from + i} class={row.bokRound ? 'bok' : ''}>
                <td>{num(lang.value, shown.from + i + 1)}</td>
                <td>
                  {row.contract}
                  {/* under the contract, not beside the deal's number: five columns still fit a phone */}
                  {row.bokRound && <small class="bok-mark"> (bok)</small>}
                </td>
                {row.scores.map((v, s) =>
                  // At a table of five the dealer sat the deal out (RULES §9): no score.
                  v === null ? (
                    <td key={s} class="sat-out" title={w.satOut}>
                      <span aria-hidden="true">—</span>
                      <span class="sr-only">{w.satOut}</span>
                    </td>
                  ) : (
                    <td key={s}>{num(lang.value, v)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {w.total}
              </th>
              {info.totals.map((v, s) => (
                <td key={s}>
                  <b>{num(lang.value, v)}</b>
                </td>
              ))}
            </tr>
            {info.stake > 0 && (
              <tr>
                <th scope="row" colSpan={2}>
                  {w.money} ({currencyName()})
                </th>
                {info.totals.map((v, s) => (
                  <td key={s}>{moneyAmount(v, info.stake)}</td>
                ))}
              </tr>
            )}
          </tfoot>
        </table>
      </div>
    </section>
  );
}
