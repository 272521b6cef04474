// The score sheet (protokół): a row per deal, the totals, and money at the table's stake.
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { currencyName, moneyAmount, seatName, shortSeatName } from '../words.js';

export function ScoreSheet({ info, mine }: { info: TableInfo; mine: number | null }) {
  const w = t();
  if (info.sheet.length === 0) return null;
  return (
    <section class={info.seats.length === 5 ? 'sheet five' : 'sheet'} aria-labelledby="sheet-h">
      <h2 id="sheet-h">{w.sheet}</h2>
      {/* focusable: a keyboard can scroll a wide sheet (five columns) on a phone */}
      <div class="scroll" tabIndex={0} role="region" aria-labelledby="sheet-h">
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
            {info.sheet.map((row, i) => (
              <tr key={i} class={row.bokRound ? 'bok' : ''}>
                <td>{i + 1}</td>
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
                    <td key={s}>{v}</td>
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
                  <b>{v}</b>
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
