// Where the keyboard is after each move (issue 32): on the next thing to do, never back at the page's
// top. When focus was lost (the card played or the call made is gone) or is still on the table's own
// controls, it goes to the deal's end (Dalej, one key to the next deal), to the calls, to a playable
// card, to the game's end, or else to the hand while the others move. Focus the player put elsewhere
// (the chat, the switches, the last trick) stays where he put it. The page scrolls to the new focus only
// for a keyboard player: one reading the chat on a phone is not thrown back to his hand.

/** The places of the next thing to do, first found first; each with the group focus may already be in. */
const NEXT: { group: string; first: string }[] = [
  { group: '.deal-end', first: '.deal-end button.primary' },
  { group: '.calls button', first: '.calls button' },
  { group: '.hand .card.playable', first: '.hand .card.playable' },
  { group: '.game-end', first: '.game-end button' },
  { group: '.hand', first: '.hand' },
];

/** The table's own controls, from which focus follows the game. */
const TABLE = '.hand, .calls, .deal-end, .game-end';

/** Whether the player's last input was a key (not a finger, pen or mouse). */
let byKeys = false;
if (typeof addEventListener !== 'undefined') {
  addEventListener('keydown', () => (byKeys = true), { capture: true, passive: true });
  addEventListener('pointerdown', () => (byKeys = false), { capture: true, passive: true });
}

export function focusNext(): void {
  const at = document.activeElement;
  const lost = !at || at === document.body || !at.isConnected;
  if (!lost && !at.closest(TABLE)) return;
  for (const { group, first } of NEXT) {
    const target = document.querySelector<HTMLElement>(first);
    if (!target) continue;
    if (!lost && at.closest(group) && !(at as HTMLButtonElement).disabled) return;
    target.focus({ preventScroll: !byKeys });
    return;
  }
}
