// The offline games on their way to the player's archive (issue 36): once the network is back and
// someone is signed in, each finished game of his (begun while he was signed in) waiting here is
// sent with its record and its id (made here when the game began: the server's idempotency key),
// so a game is stored once however often it is sent — a lost answer, a second tab, a reload in
// between. A coded refusal is final and shown; no answer leaves it waiting for the next time.
import { fetchSender } from '../outbox.js';
import { me } from '../store.js';
import { allGames, saveGame } from './games.js';
import { isOver, rebuild, recordOfGame } from './local-game.js';

const send = fetchSender<{ level: string; deals: number; record: unknown }, unknown>(() => '/api/me/offline-games');

let sending: Promise<void> | null = null;

/** Send the signed-in player's finished offline games that wait (one run at a time). */
export function sendWaiting(): Promise<void> {
  sending ??= run().finally(() => (sending = null));
  return sending;
}

async function run() {
  const player = me.value;
  if (!player) return;
  for (const g of await allGames()) {
    // Only his own: a game is his who was signed in when it began; one begun with nobody signed in is no one's.
    if (g.sent !== 'waiting' || g.player?.id !== player.id) continue;
    const t = rebuild(g);
    if (!t || !isOver(g, t)) continue;
    const r = await send({
      id: g.id,
      target: '',
      body: { level: g.level, deals: g.deals, record: recordOfGame(g, t) },
      queuedAt: g.createdAt,
      tries: 0,
    });
    if (r.kind === 'offline') return; // the network went again: the rest wait too
    await saveGame({
      ...g,
      sent: r.kind === 'done' ? 'sent' : { refused: r.code },
    });
  }
}
