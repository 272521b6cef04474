// The end of a deal over the table: the contract and who won, points and tricks by side, the grade,
// the doublings counted, the multiplier, the bok-round, and the score line; it stays until Dalej.
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { closeSummary } from '../../store.js';
import { GRADES, seatName, shortSeatName } from '../words.js';
import { Pause } from './Pause.js';

export function DealEnd({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  const s = view.score!;
  const sideName = s.winner === 'old' ? w.old : w.young;
  return (
    <section class="card-box deal-end" role="dialog" aria-labelledby="end-h">
      <h2 id="end-h">{w.dealEnd}</h2>
      <p>
        <b>{s.contract}</b>
        {s.declarer !== null && ` — ${seatName(info, s.declarer, mine)}`}: {w.win(sideName)}
        {s.tie && ` (${w.tie})`}
      </p>
      <dl>
        {s.oldPoints !== null && (
          <>
            <dt>{w.old}</dt>
            <dd>
              {w.points(s.oldPoints)}, {w.tricks(s.oldTricks ?? 0)}
            </dd>
            <dt>{w.young}</dt>
            <dd>
              {w.points(s.youngPoints ?? 0)}, {w.tricks(s.youngTricks ?? 0)}
            </dd>
          </>
        )}
        {s.grade && (
          <>
            <dt>{w.grade}</dt>
            <dd>{GRADES[s.grade]}</dd>
          </>
        )}
        <dt>{w.counted}</dt>
        <dd>{s.counted}</dd>
        <dt>{w.multiplier}</dt>
        <dd>×{s.multiplier}</dd>
        {s.bokRound && (
          <>
            <dt>bok</dt>
            <dd>{w.bokRound}</dd>
          </>
        )}
      </dl>
      <table class="score-line">
        <caption>{w.scoreLine}</caption>
        <tbody>
          <tr>
            {s.scores.map((_, seat) => (
              <th key={seat} scope="col" title={seatName(info, seat, mine)} aria-label={seatName(info, seat, mine)}>
                {shortSeatName(info, seat, mine)}
              </th>
            ))}
          </tr>
          <tr>
            {s.scores.map((v, seat) => (
              <td key={seat}>{v > 0 ? `+${v}` : v}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {info.pause && <Pause info={info} mine={mine} />}
      <button class="primary" onClick={closeSummary} autoFocus>
        {w.next}
      </button>
    </section>
  );
}
