// Fair play at a rated table: the seats whose players connect from one address, said to everyone
// at the table (the server tells; the client only shows). Before the start, also why the game will
// not start rated while they do (decision 015).
import { lang, t } from '../i18n.js';
import { sameAddress, table } from '../store.js';

export function FairPlay() {
  const w = t();
  const st = table.value;
  const marks = sameAddress.value;
  if (!st?.info || marks.table !== st.id || marks.seats.length === 0) return null;
  const info = st.info;
  return (
    <>
      {marks.seats.map((group) => (
        <p key={group.join()} class="banner fair-play" role="status">
          {w.sameAddress(
            new Intl.ListFormat(lang.value, { type: 'conjunction' }).format(
              group.map((s) => info.seats[s]?.name ?? '?'),
            ),
          )}
        </p>
      ))}
      {info.rated && info.status === 'open' && <p class="banner fair-play-why">{w.sameAddressRated}</p>}
    </>
  );
}
