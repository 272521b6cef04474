// The moderators' page's own words (pl, en, de), loaded with the page (decision 020).
import { lang } from '../../i18n.js';

export interface ModWords {
  title: string;
  forbidden: string;
  act: string;
  name: string;
  action: string;
  actions: { mute: string; ban: string; 'lift-mute': string; 'lift-ban': string };
  duration: string;
  durations: { hour: string; day: string; week: string; month: string; good: string };
  reason: string;
  reasonNote: string;
  submit: string;
  done: string;
  lookup: string;
  show: string;
  chat: string;
  fairPlay: string;
  none: string;
  standing: (kind: 'mute' | 'ban', until: string | null, reason: string) => string;
  reports: string;
  reported: (reporter: string, author: string) => string;
  marks: string;
  marked: (player: string, banned: string) => string;
  audit: string;
  /** The audit log's acts by their codes (protocol AuditEntry.action). */
  acts: Record<string, string>;
  until: (when: string) => string;
  machine: string;
  moderators: string;
  makeModerator: string;
  makePlayer: string;
}

const pl: ModWords = {
  title: 'Moderacja',
  forbidden: 'Ta strona jest tylko dla moderatorów.',
  act: 'Wycisz lub zablokuj gracza',
  name: 'Nazwa gracza',
  action: 'Co zrobić',
  actions: {
    mute: 'Wycisz (bez czatu)',
    ban: 'Zablokuj konto',
    'lift-mute': 'Cofnij wyciszenie',
    'lift-ban': 'Cofnij blokadę',
  },
  duration: 'Na jak długo',
  durations: { hour: '1 godzina', day: '1 dzień', week: '7 dni', month: '30 dni', good: 'Na stałe' },
  reason: 'Powód',
  reasonNote: 'Gracz go zobaczy; zostaje w dzienniku moderacji.',
  submit: 'Wykonaj',
  done: 'Zrobione. Zapisano w dzienniku.',
  lookup: 'Gracz',
  show: 'Pokaż',
  chat: 'Ostatnie wiadomości na czacie',
  fairPlay: 'Oznaczenia fair play (wspólny adres przy stole rankingowym)',
  none: 'Brak.',
  standing: (kind, until, reason) =>
    `${kind === 'ban' ? 'Zablokowany' : 'Wyciszony'} ${until ? `do ${until}` : 'na stałe'}: ${reason}`,
  reports: 'Zgłoszone wiadomości',
  reported: (reporter, author) => `${reporter} zgłasza wiadomość gracza ${author}`,
  marks: 'Nowe konta z adresu zablokowanego gracza',
  marked: (player, banned) => `${player} — z adresu gracza ${banned}`,
  audit: 'Dziennik moderacji',
  acts: {
    'grant-admin': 'rola administratora',
    'grant-moderator': 'rola moderatora',
    'revoke-moderator': 'odebranie roli moderatora',
    mute: 'wyciszenie',
    ban: 'blokada',
    'lift-mute': 'cofnięcie wyciszenia',
    'lift-ban': 'cofnięcie blokady',
  },
  until: (when) => `do ${when}`,
  machine: 'serwer',
  moderators: 'Moderatorzy (tylko administrator)',
  makeModerator: 'Nadaj rolę moderatora',
  makePlayer: 'Odbierz rolę moderatora',
};

const en: ModWords = {
  title: 'Moderation',
  forbidden: 'This page is for moderators only.',
  act: 'Mute or ban a player',
  name: "Player's name",
  action: 'What to do',
  actions: { mute: 'Mute (no chat)', ban: 'Ban the account', 'lift-mute': 'Lift the mute', 'lift-ban': 'Lift the ban' },
  duration: 'For how long',
  durations: { hour: '1 hour', day: '1 day', week: '7 days', month: '30 days', good: 'For good' },
  reason: 'Reason',
  reasonNote: 'The player sees it; the moderation log keeps it.',
  submit: 'Do it',
  done: 'Done. Kept in the log.',
  lookup: 'Player',
  show: 'Show',
  chat: 'Recent chat lines',
  fairPlay: 'Fair-play marks (one address at a rated table)',
  none: 'None.',
  standing: (kind, until, reason) =>
    `${kind === 'ban' ? 'Banned' : 'Muted'} ${until ? `until ${until}` : 'for good'}: ${reason}`,
  reports: 'Reported chat lines',
  reported: (reporter, author) => `${reporter} reports a line by ${author}`,
  marks: "New accounts from a banned player's address",
  marked: (player, banned) => `${player} — from ${banned}'s address`,
  audit: 'Moderation log',
  acts: {
    'grant-admin': "administrator's role",
    'grant-moderator': "moderator's role",
    'revoke-moderator': "moderator's role taken away",
    mute: 'mute',
    ban: 'ban',
    'lift-mute': 'mute lifted',
    'lift-ban': 'ban lifted',
  },
  until: (when) => `until ${when}`,
  machine: 'server',
  moderators: 'Moderators (administrator only)',
  makeModerator: 'Make a moderator',
  makePlayer: "Take the moderator's role away",
};

const de: ModWords = {
  title: 'Moderation',
  forbidden: 'Diese Seite ist nur für Moderatoren.',
  act: 'Spieler stummschalten oder sperren',
  name: 'Name des Spielers',
  action: 'Was tun',
  actions: {
    mute: 'Stummschalten (kein Chat)',
    ban: 'Konto sperren',
    'lift-mute': 'Stummschaltung aufheben',
    'lift-ban': 'Sperre aufheben',
  },
  duration: 'Wie lange',
  durations: { hour: '1 Stunde', day: '1 Tag', week: '7 Tage', month: '30 Tage', good: 'Dauerhaft' },
  reason: 'Grund',
  reasonNote: 'Der Spieler sieht ihn; das Moderationsprotokoll behält ihn.',
  submit: 'Ausführen',
  done: 'Erledigt. Im Protokoll vermerkt.',
  lookup: 'Spieler',
  show: 'Anzeigen',
  chat: 'Letzte Chatzeilen',
  fairPlay: 'Fair-Play-Vermerke (eine Adresse an einem Wertungstisch)',
  none: 'Keine.',
  standing: (kind, until, reason) =>
    `${kind === 'ban' ? 'Gesperrt' : 'Stummgeschaltet'} ${until ? `bis ${until}` : 'dauerhaft'}: ${reason}`,
  reports: 'Gemeldete Chatzeilen',
  reported: (reporter, author) => `${reporter} meldet eine Zeile von ${author}`,
  marks: 'Neue Konten von der Adresse eines gesperrten Spielers',
  marked: (player, banned) => `${player} — von der Adresse von ${banned}`,
  audit: 'Moderationsprotokoll',
  acts: {
    'grant-admin': 'Administratorrolle',
    'grant-moderator': 'Moderatorrolle',
    'revoke-moderator': 'Moderatorrolle entzogen',
    mute: 'Stummschaltung',
    ban: 'Sperre',
    'lift-mute': 'Stummschaltung aufgehoben',
    'lift-ban': 'Sperre aufgehoben',
  },
  until: (when) => `bis ${when}`,
  machine: 'Server',
  moderators: 'Moderatoren (nur Administrator)',
  makeModerator: 'Zum Moderator machen',
  makePlayer: 'Moderatorrolle entziehen',
};

export const mw = (): ModWords => ({ pl, en, de })[lang.value];

/** A time as the reader's language writes it. */
export const when = (iso: string) =>
  new Intl.DateTimeFormat(lang.value, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
