// Under the felt: the last trick on demand, the spectators, the pause between deals, and whose move
// it is; the player's claim (when his own view proves it, RULES §7) and, at a table with hints, the
// expert's advice on request (issue 18).
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { claim } from '../../store.js';
import { nameInLine, nameInSentence } from '../words.js';
import { useClaimSure, useHint } from './advice.js';
import { motionOn } from './effects.js';
import { Pause } from './Pause.js';
import { ActionValues } from '../ActionValues.js';

export function Controls(props: {
  view: PlayerView;
  info: TableInfo;
  version: number;
  mine: number | null;
  summaryOpen: boolean;
  showLast: boolean;
  setShowLast: (on: boolean) => void;
  /** One's own move is made here but waits for the network (said by the pending banner too). */
  moveWaits: boolean;
}) {
  const { view, info, version, mine, summaryOpen, showLast, setShowLast, moveWaits } = props;
  const w = t();
  const myTurn = mine !== null && view.toAct === mine;
  const claimSure = useClaimSure(view, version, mine !== null);
  return (
    <>
      <div class="controls">
        {view.tricks.length > 0 && view.phase === 'play' && (view.trick || motionOn()) && (
          <button aria-pressed={showLast} onClick={() => setShowLast(!showLast)}>
            {showLast ? w.hideLastTrick : w.lastTrick}
          </button>
        )}
        {claimSure && (
          <button class="claim" title={w.claimNote} onClick={() => claim()}>
            {w.claim}
          </button>
        )}
        {info.spectators > 0 && <span class="note">{w.spectators(info.spectators)}</span>}
        {info.pause && !summaryOpen && <Pause />}
        {/* Said by the table's live log (Announcer), with the clock: not a second live region. */}
        <p class="turn">
          {view.toAct === null
            ? ''
            : myTurn
              ? moveWaits
                ? w.yourTurnPending
                : w.yourTurn
              : w.turnOf(nameInLine(info, view.toAct, mine))}
        </p>
      </div>
      {view.claim && <p class="note">{w.claimedBy(nameInSentence(info, view.claim.seat, mine))}</p>}
      {info.hints && myTurn && view.legal.length > 0 && (
        <HintPanel view={view} version={version} preset={info.preset} />
      )}
    </>
  );
}

/** "What would the expert play?": each legal card or call with its expected score, from this seat's view. */
function HintPanel(props: { view: PlayerView; version: number; preset: string }) {
  const w = t();
  const { asked, hint, error, request } = useHint(props.view, props.version);
  if (!asked)
    return (
      <button class="hint" onClick={request}>
        {w.hint}
      </button>
    );
  if (error) return <p role="alert">{error}</p>;
  if (!hint) return <p aria-live="polite">{w.hintThinking}</p>;
  if (hint.forced) return <p class="note">{w.hintForced}</p>;
  return (
    <section class="analysis hint-panel" aria-labelledby="hint-h" aria-live="polite">
      <h3 id="hint-h">{w.hintTitle}</h3>
      <ActionValues values={hint.values} preset={props.preset} marked={hint.values[0]?.action} />
      <p class="note">{w.hintNote(hint.layouts)}</p>
    </section>
  );
}
