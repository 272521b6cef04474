// Under the felt: the last trick on demand, the spectators, the pause between deals, and whose move it is.
// (A place for more of the player's buttons.)
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { seatName } from '../words.js';
import { motionOn } from './effects.js';
import { Pause } from './Pause.js';

export function Controls(props: {
  view: PlayerView;
  info: TableInfo;
  mine: number | null;
  summaryOpen: boolean;
  showLast: boolean;
  setShowLast: (on: boolean) => void;
}) {
  const { view, info, mine, summaryOpen, showLast, setShowLast } = props;
  const w = t();
  const myTurn = mine !== null && view.toAct === mine;
  return (
    <div class="controls">
      {view.tricks.length > 0 && view.phase === 'play' && (view.trick || motionOn()) && (
        <button aria-pressed={showLast} onClick={() => setShowLast(!showLast)}>
          {showLast ? w.hideLastTrick : w.lastTrick}
        </button>
      )}
      {info.spectators > 0 && <span class="note">{w.spectators(info.spectators)}</span>}
      {info.pause && !summaryOpen && <Pause info={info} mine={mine} />}
      <p class="turn" aria-live="polite">
        {view.toAct === null ? '' : myTurn ? w.yourTurn : w.turnOf(seatName(info, view.toAct, mine))}
      </p>
    </div>
  );
}
