// The end of a deal over the table: the contract and who won, the reckoning (the sides and what made
// them, each doubling and whether it counted, the grade and why, the value), and the score line; it
// stays until Dalej.
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { signed } from '../../i18n/format.js';
import { closeSummary } from '../../store.js';
import { glossed, gradeName, nameInLine, seatName, shortSeatName } from '../words.js';
import { Reckoning } from './Reckoning.js';
import { Pause } from './Pause.js';

export function DealEnd({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  const s = view.score!;
  const sideName = s.winner === 'old' ? w.old : w.young;
  return (
    <section class="card-box deal-end" role="dialog" aria-labelledby="end-h">
      <h2 id="end-h">{w.dealEnd}</h2>
      <p>
        <b>{glossed(s.contract)}</b>
        {s.declarer !== null && ` — ${nameInLine(info, s.declarer, mine)}`}: {w.win(sideName)}
        {s.grade && `, ${gradeName(s.grade)}`}
      </p>
      {s.tie && <p>{view.rules.tie === 'young' ? w.tieYoung : w.tieLastDoubler}</p>}
      {s.tie && view.rules.bokRound && <p class="bok">{w.bokStarts}</p>}
      <Reckoning view={view} info={info} mine={mine} />
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
              <td key={seat}>{signed(lang.value, v)}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {info.pause && <Pause />}
      <button class="primary" onClick={closeSummary} autoFocus>
        {w.next}
      </button>
    </section>
  );
}
