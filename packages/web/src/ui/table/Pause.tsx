// Between deals: whom the next deal waits for, and when it starts anyway.
import type { TableInfo } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { table } from '../../store.js';
import { seatName } from '../words.js';
import { secondsLeft, useTick } from './time.js';

export function Pause({ info, mine }: { info: TableInfo; mine: number | null }) {
  const w = t();
  useTick(500);
  const until = table.value?.pauseUntil;
  if (!info.pause || !until) return null;
  const seconds = new Intl.NumberFormat(lang.value, { style: 'unit', unit: 'second', unitDisplay: 'short' });
  const names = new Intl.ListFormat(lang.value, { type: 'conjunction' });
  // Oneself is not named: his own Dalej is in front of him.
  const others = info.pause.seats.filter((s) => s !== mine);
  return (
    <p class="note pause" role="status">
      {others.length > 0 && `${w.waitingFor(names.format(others.map((s) => seatName(info, s, mine))))} · `}
      {w.nextDealIn(seconds.format(secondsLeft(until)))}
    </p>
  );
}
