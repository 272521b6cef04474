// Before the start: seats, invite link, bots, start. Every change goes through the store's commands;
// what it changes comes over the socket with the next event.
import type { TableInfo } from '@baska/protocol';
import { useState } from 'preact/hooks';
import { lang, t } from '../../i18n.js';
import { rulesLine } from '../../options.js';
import { addBot, leaveTable, me, sit, startGame } from '../../store.js';
import { LevelOptions } from '../LevelOptions.js';
import { botBadge, seatName } from '../words.js';

export function Waiting({ info, seat }: { info: TableInfo; seat: number | null }) {
  const w = t();
  const [level, setLevel] = useState('basic');
  // Known by his id (names repeat among guests), as the store knows who is signed in.
  const owner = me.value?.id === info.ownerId && seat !== null;
  // A rated table seats four people and no computer (decision 015): none is offered.
  const bots = owner && !info.rated;
  const free = info.seats.filter((s) => !s.name).length;
  return (
    <section class="card-box waiting" aria-labelledby="wait-h">
      <h2 id="wait-h">
        {free > 0 ? w.waiting : w.allSeated}
        {info.rated && (
          <>
            {' '}
            <span class="badge rated">{w.rated}</span>
          </>
        )}
      </h2>
      {info.rated && <p class="note">{w.ratedTableNote}</p>}
      <p>
        {rulesLine(info.rules, info.preset, lang.value, w.yes, w.no)} · {w.perMove(info.secondsPerMove)}
        {info.seats.length === 5 && ` · ${w.fiveAtTable}`}
        {info.stake ? ` · ${w.stakeShort(info.stake)}` : ''}
      </p>
      <ul class="seats">
        {info.seats.map((s) => (
          <li key={s.seat}>
            <span>
              {w.seat(s.seat)}: {seatName(info, s.seat, seat, false)}{' '}
              {s.bot && <span class="badge">{botBadge(s)}</span>}
              {s.guest && <span class="badge guest">{w.guest}</span>}
              {s.reservedFor && <span class="badge">{w.reservedFor(s.reservedFor)}</span>}
            </span>
            {!s.name && seat === null && (!s.reservedFor || s.reservedFor === me.value?.name) && (
              <button onClick={() => void sit(s.seat)}>{w.sit}</button>
            )}
            {!s.name && bots && <button onClick={() => void addBot(s.seat, level)}>{w.addBot}</button>}
          </li>
        ))}
      </ul>
      {bots && free > 0 && (
        <label>
          {w.botLevel}
          <select value={level} onChange={(e) => setLevel(e.currentTarget.value)}>
            <LevelOptions />
          </select>
        </label>
      )}
      <Invite id={info.id} />
      {owner && (
        <div class="row wrap">
          <button
            class="primary"
            disabled={free > 0}
            aria-describedby={free > 0 ? 'start-why' : undefined}
            onClick={() => void startGame()}
          >
            {w.start}
          </button>
          {free > 0 && (
            <span id="start-why" class="note">
              {w.missing(free)}
            </span>
          )}
        </div>
      )}
      {info.rematchOf && <p class="note">{w.rematchAuto}</p>}
      {!owner && !info.rematchOf && <p class="note">{w.ownerStarts(info.owner)}</p>}
      {seat !== null && <button onClick={() => void leaveTable()}>{w.leave}</button>}
    </section>
  );
}

/** The table's invite link, to copy. */
function Invite({ id }: { id: string }) {
  const w = t();
  const [copied, setCopied] = useState(false);
  const invite = `${location.origin}${location.pathname}#/t/${id}`;
  return (
    <div class="row">
      <label class="grow">
        {w.invite}
        <input readOnly value={invite} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        onClick={() =>
          void navigator.clipboard?.writeText(invite).then(
            () => setCopied(true),
            () => {},
          )
        }
      >
        {copied ? w.copied : w.copy}
      </button>
    </div>
  );
}
