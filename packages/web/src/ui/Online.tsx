// Who is online: in the lobby, the people connected now with their ratings and whether they sit at
// a table (one to watch, when it is public); at one's own open table, the people free to invite.
import type { OnlinePlayer } from '@baska/protocol';
import { leavesOften } from '@baska/protocol/social';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { errorText, t } from '../i18n.js';
import { go, me } from '../store.js';

/** The people online, fetched now and every few seconds while shown. */
function useOnline(): [OnlinePlayer[] | null, string] {
  const [people, setPeople] = useState<OnlinePlayer[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const load = () =>
      api
        .online()
        .then((r) => setPeople(r.players))
        .catch((e) => setError(errorText(e)));
    void load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  return [people, error];
}

function Ratings({ p }: { p: OnlinePlayer }) {
  const w = t();
  if (p.ratings.length === 0) return <span class="muted">{w.noRating}</span>;
  return (
    <>
      {p.ratings.map((r) => (
        <span key={r.family} class="rating-of">
          {w.families[r.family]} {w.ratingValue(r.rating)}
        </span>
      ))}
    </>
  );
}

const leaves = (p: OnlinePlayer) => {
  const left = p.ratings.reduce((n, r) => n + r.leftGames, 0);
  return leavesOften(
    p.ratings.reduce((n, r) => n + r.games, 0),
    left,
  )
    ? left
    : 0;
};

/** Who is online in the lobby; with `inviteTo` (the player's own table waiting for players), each free person can be invited to it. */
export function OnlineList({ inviteTo }: { inviteTo?: string | null }) {
  const w = t();
  const [people, error] = useOnline();
  const [invited, setInvited] = useState<number[]>([]);
  const [inviteError, setInviteError] = useState('');
  const invite = async (player: number) => {
    setInviteError('');
    try {
      await api.invite(inviteTo!, player);
      setInvited([...invited, player]);
    } catch (e) {
      setInviteError(errorText(e));
    }
  };
  // The others: oneself may be in the list or not yet (one's socket connects after the first look).
  const others = people?.filter((p) => p.player.id !== me.value?.id) ?? null;
  return (
    <section class="online" aria-labelledby="online-h">
      <h2 id="online-h">{w.online}</h2>
      {others && others.length === 0 && <p>{w.onlineEmpty}</p>}
      {inviteTo && others && others.length > 0 && <p class="note">{w.inviteFromLobby}</p>}
      <ul class="people">
        {others?.map((p) => (
          <li key={p.player.id}>
            <span class="who">
              {p.player.guest ? p.player.name : <a href={`#/player/${p.player.id}`}>{p.player.name}</a>}
              {p.player.guest && <span class="badge guest">{w.guest}</span>}
              {leaves(p) > 0 && <span class="badge warn">{w.leftOften(leaves(p))}</span>}
            </span>
            <span class="ratings">
              <Ratings p={p} />
            </span>
            <span class="where">
              {p.seated ? w.atTable : w.free}
              {p.table && (
                <button class="small" onClick={() => go(`t/${p.table}`)}>
                  {w.watch}
                </button>
              )}
              {inviteTo && !p.seated && (
                <button class="small" disabled={invited.includes(p.player.id)} onClick={() => void invite(p.player.id)}>
                  {invited.includes(p.player.id) ? w.invited : w.inviteOne}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {(error || inviteError) && (
        <p role="alert" class="error">
          {inviteError || error}
        </p>
      )}
    </section>
  );
}

/** At one's own table before the start: the people online and free, each with an invitation. */
export function InvitePeople({ table }: { table: string }) {
  const w = t();
  const [people] = useOnline();
  const [invited, setInvited] = useState<number[]>([]);
  const [error, setError] = useState('');
  const free = people?.filter((p) => !p.seated && p.player.id !== me.value?.id) ?? [];
  if (free.length === 0) return null;
  return (
    <section class="card-box invite-people" aria-labelledby="invite-h">
      <h2 id="invite-h">{w.inviteTitle}</h2>
      <ul class="people">
        {free.map((p) => (
          <li key={p.player.id}>
            <span class="who">{p.player.name}</span>
            <span class="ratings">
              <Ratings p={p} />
            </span>
            <button
              class="small"
              disabled={invited.includes(p.player.id)}
              onClick={async () => {
                setError('');
                try {
                  await api.invite(table, p.player.id);
                  setInvited([...invited, p.player.id]);
                } catch (e) {
                  setError(errorText(e));
                }
              }}
            >
              {invited.includes(p.player.id) ? w.invited : w.inviteOne}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}
