// A table in play: the contract line, the end of a deal, the felt with the seats and the trick, the
// tally, the controls, the hand, the calls and the auction; at the end, the standings and a rematch.
import type { CardCode, Preset } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n.js';
import { connected, table } from '../../store.js';
import { moveLabel } from '../words.js';
import { Auction, Calls } from './Auction.js';
import { ContractBar } from './ContractBar.js';
import { Controls } from './Controls.js';
import { GameEnd } from './GameEnd.js';
import { Hand } from './Hand.js';
import { atDeal } from './at-deal.js';
import { placeOf } from './place.js';
import { SeatPanel } from './Seats.js';
import { DealEnd } from './Summary.js';
import { EffectsSwitches, useYourMoveSound } from './Effects.js';
import { focusNext } from './focus.js';
import { motionOn } from './effects.js';
import { Tally } from './Tally.js';
import { useRerenderAt } from './time.js';
import { SittingOut } from './SittingOut.js';
import { Trick } from './Trick.js';

export function Play() {
  const w = t();
  const st = table.value!;
  const whole = st.info!; // the table's own seats (five at a table of five)
  // The deal's four seats, as the view numbers them (at a table of four, the table's own).
  const { info, mine, out } = atDeal(whole, st.seat);
  const view = st.view;
  const [showLast, setShowLast] = useState(false);
  const held = st.held && st.held.until > Date.now() ? st.held : null;
  useRerenderAt(held?.until ?? null);
  const pendingSaid = usePendingSaid();
  const turnKey = view
    ? `${info.dealsPlayed}:${view.auction.length}:${view.tricks.length}:${view.trick?.cards.length ?? 0}`
    : '';
  useYourMoveSound(!!view && mine !== null && view.toAct === mine && st.ended === null, turnKey);
  useEffect(focusNext); // after each render: the keyboard on the next thing to do
  if (!view)
    return whole.status === 'finished' ? (
      <GameEnd info={whole} mine={st.seat} />
    ) : (
      <section class="card-box">
        <h2>…</h2>
      </section>
    );
  const myTurn = mine !== null && view.toAct === mine;
  // The player's move sent and not yet answered: a card waits on the felt, a call beside his name.
  const pending = st.pending?.action ?? null;
  const pendingCard = pending && view.phase === 'play' && view.hand.includes(pending as CardCode) ? pending : null;
  const summaryOpen = st.ended !== null && !held;
  // The summary is of the deal that ended, whose seats it keeps when the next deal has begun.
  const ended = atDeal(whole, st.seat, st.endedSeats);
  return (
    <>
      <ContractBar view={view} info={info} mine={mine} />
      {summaryOpen && <DealEnd view={st.ended!} info={ended.info} mine={ended.mine} />}
      {whole.status === 'finished' && <GameEnd info={whole} mine={st.seat} />}
      {out !== null && <SittingOut info={whole} seat={out} mine={st.seat} />}
      <div class={`felt${motionOn() ? ' motion' : ''}`} data-phase={view.phase}>
        {[0, 1, 2, 3].map((s) => (
          <SeatPanel
            key={s}
            seat={s}
            info={info}
            view={view}
            mine={mine}
            where={placeOf(s, mine ?? 0)}
            five={out !== null}
            pending={pending}
          />
        ))}
        <Trick view={view} info={info} mine={mine} showLast={showLast} held={held} pending={pendingCard} />
      </div>
      <Tally view={view} info={info} mine={mine} />
      <Controls
        view={view}
        info={info}
        version={st.version}
        mine={mine}
        summaryOpen={st.ended !== null}
        showLast={showLast}
        setShowLast={setShowLast}
        moveWaits={pendingSaid}
      />
      <PendingMove said={pendingSaid} />
      {mine !== null && (
        <Hand key={info.dealsPlayed} view={view} myTurn={myTurn} motion={motionOn()} pending={pendingCard} />
      )}
      {st.seat === null && <p class="note">{w.spectating}</p>}
      {myTurn && !pending && view.phase === 'auction' && <Calls view={view} preset={info.preset as Preset} />}
      <Auction view={view} info={info} mine={mine} />
      <EffectsSwitches />
    </>
  );
}

/** Whether the move waiting for the server is said: at once with no connection, after 2 s with one. */
function usePendingSaid(): boolean {
  const p = table.value?.pending ?? null;
  const slowAt = p ? p.since + 2000 : null;
  useRerenderAt(slowAt);
  return p !== null && (!connected.value || Date.now() >= slowAt!);
}

/**
 * A move that waits for the server: said at once when the connection is down (it goes when the
 * connection returns, and the player's clock may run meanwhile), or when the answer is slow.
 */
function PendingMove({ said }: { said: boolean }) {
  const w = t();
  const st = table.value!;
  const p = st.pending;
  if (!p || !said) return null;
  const move = moveLabel(p.action, st.info!.preset);
  return (
    <p class="banner pending-move" role="status">
      {connected.value ? w.pendingSlow(move) : w.pendingOffline(move)}
    </p>
  );
}
