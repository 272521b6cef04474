// The header: the site's name, the language, and the places (tables, one's games and profile, the
// ranking, tournaments, the score pad, the rules) with who is signed in and the way out. On a phone
// the places are behind a menu button that opens them as a list (a disclosure: aria-expanded, Escape
// closes it and gives the focus back), so none hides at the end of a bar that scrolls sideways; on a
// desktop they stand in the bar.
import { useEffect, useRef, useState } from 'preact/hooks';
import { LANGS, type Lang, lang, setLang, t } from '../i18n.js';
import { logOut, me, route } from '../store.js';
import { LeaveGuest } from './LeaveGuest.js';
import { privacyLinks } from './privacy/links.js';

export function Header() {
  const w = t();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A place chosen (the route changes): the menu has done its work.
  useEffect(() => setOpen(false), [route.value.join('/')]);
  const close = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const player = me.value;
  return (
    <header onKeyDown={close}>
      <a href="#/" class="brand">
        {w.title}
      </a>
      <label class="lang">
        <span class="sr-only">{w.language}</span>
        <select value={lang.value} onChange={(e) => setLang(e.currentTarget.value as Lang)} aria-label={w.language}>
          {LANGS.map((l) => (
            <option value={l.id}>{l.name}</option>
          ))}
        </select>
      </label>
      <button
        ref={button}
        class="menu-button"
        aria-expanded={open}
        aria-controls="places"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span> {w.menu}
      </button>
      <div id="places" class={open ? 'places open' : 'places'}>
        <nav aria-label={w.menu}>
          {player && <a href="#/">{w.lobby}</a>}
          {player && <a href="#/archive">{w.archive}</a>}
          {player && <a href={`#/player/${player.id}`}>{w.myProfile}</a>}
          {player && !player.guest && <a href="#/account">{w.account.nav}</a>}
          <a href="#/ratings/baska">{w.ranking}</a>
          {player && <a href="#/tournaments">{w.tour.tournaments}</a>}
          <a href="#/pad">{w.pad.nav}</a>
          <a href="#/offline">{w.off.nav}</a>
          <a href="#/rules/standard">{w.rules}</a>
          <a href="#/privacy">{privacyLinks().nav}</a>
        </nav>
        {player && (
          <span class="me">
            <span class="me-name">{player.name}</span> {player.guest && <span class="badge guest">{w.guest}</span>}{' '}
            <button
              class="link"
              // A guest is told first what he loses, and may keep it by registering (LeaveGuest).
              onClick={() => {
                setOpen(false);
                if (player.guest) setLeaving(true);
                else void logOut();
              }}
            >
              {w.logout}
            </button>
          </span>
        )}
      </div>
      {leaving && player?.guest && <LeaveGuest nickname={player.name} onClose={() => setLeaving(false)} />}
    </header>
  );
}
