// The privacy feature's own words (pl, en, de): the privacy page, "download my data" and "delete the
// account". Kept apart from the main dictionaries, so the first load carries none of them.
import { lang } from '../../i18n.js';

interface Section {
  heading: string;
  /** Paragraphs, or the items of a list when `list` is set. */
  text: string[];
  list?: boolean;
}

export interface PrivacyWords {
  title: string;
  intro: string;
  /** Who runs this server: its name and contact when the operator gave them (BASKA_OPERATOR_*). */
  operatorH: string;
  operator: (name: string | null, contact: string | null) => string;
  /** No name and no contact given: said plainly. */
  noOperator: string;
  sections: Section[];
  yourData: string;
  download: string;
  downloadNote: string;
  deleteAccount: string;
  deleteNote: string;
  dialogTitle: string;
  /** The lead-in of the dialog's list. */
  losesH: string;
  /** What will be lost, item by item (the dialog's list). */
  loses: string[];
  kept: string;
  /** The download link again, inside the dialog: one may take the data before it goes. */
  downloadFirst: string;
  password: string;
  confirm: string;
  cancel: string;
  wrongPassword: string;
  deleted: string;
  /** After the deletion: the way back to the start page. */
  toStart: string;
}

const pl: PrivacyWords = {
  title: 'Prywatność: co o tobie przechowujemy',
  intro:
    'Serwer przechowuje tylko to, czego gra potrzebuje. Poniżej: co, po co, jak długo, oraz jak to pobrać i usunąć.',
  operatorH: 'Kto prowadzi ten serwer',
  operator: (name, contact) =>
    name && contact ? `${name}. Kontakt: ${contact}.` : name ? `${name}. Nie podano kontaktu.` : `Kontakt: ${contact}.`,
  noOperator:
    'Osoba lub klub, który prowadzi ten serwer, nie podał swojej nazwy ani kontaktu. Zapytaj tego, kto podał ci adres tej strony.',
  sections: [
    {
      heading: 'Co przechowujemy i po co',
      list: true,
      text: [
        'Konto: nazwa, zaszyfrowany jednokierunkowo skrót hasła (samego hasła nie da się z niego odczytać), data rejestracji — żeby można było się zalogować. Gość ma tylko pseudonim.',
        'Sesje: losowy klucz w ciasteczku, czas logowania i ostatniego użycia — żeby logowanie trwało.',
        'Gry: przy którym stole i na którym miejscu siedzisz, każda zapowiedź i karta, wynik — żeby gry dało się obejrzeć, sprawdzić ich uczciwość i policzyć statystyki.',
        'Ranking: twoja ocena i jej historia po grach rankingowych.',
        'Czat: ostatnie wiersze przy stole, tylko w pamięci serwera; zgłoszony wiersz jest zachowany dla moderatorów.',
        'Znaczniki fair play: że przy stole rankingowym dwa konta łączyły się z jednego adresu (sam adres nie jest zapisywany).',
        'Zapisy gier z prawdziwymi kartami i turnieje, w których grasz lub które prowadzisz.',
      ],
    },
    {
      heading: 'Jak długo',
      list: true,
      text: [
        'Konto, ranking, zapisy i zgłoszenia: dopóki nie usuniesz konta.',
        'Sesja: kończy się po 30 dniach bez użycia i najpóźniej po roku (tak domyślnie; operator może to zmienić).',
        'Czat: ostatnie 100 wierszy przy stole, najwyżej przez dobę (albo do ponownego uruchomienia serwera).',
        'Gry: zostają na zawsze, bo należą też do pozostałych graczy — ale po usunięciu konta nie ma w nich twojej nazwy.',
      ],
    },
    {
      heading: 'Pobierz swoje dane',
      text: [
        'Na swoim profilu wybierz „Pobierz moje dane”: dostaniesz jeden plik z danymi (do otwarcia w edytorze tekstu) ze wszystkim, co przechowujemy o tobie (konto, gry jako zapisy, ranking, czat, zgłoszenia, zapisy, turnieje). Nie ma w nim ukrytych kart innych graczy z rozdań, które jeszcze trwają.',
      ],
    },
    {
      heading: 'Usuń konto',
      text: [
        'Na swoim profilu wybierz „Usuń konto” i podaj hasło. Usuwamy konto, sesje, ranking, wiersze czatu, zgłoszenia i zapisy; twoja nazwa staje się wolna. Rozegrane gry i wyniki turniejów zostają, bo są też innych graczy, ale zamiast twojej nazwy stoi w nich „usunięty\u00a0gracz\u00a01” (numer tylko rozróżnia usuniętych graczy przy jednym stole).',
        'Póki siedzisz przy stole, przy którym trwa gra, konta nie da się usunąć: wstań od stołu albo poczekaj na koniec gry.',
      ],
    },
  ],
  yourData: 'Twoje dane',
  download: 'Pobierz moje dane',
  downloadNote: 'Jeden plik ze wszystkim, co serwer o tobie przechowuje.',
  deleteAccount: 'Usuń konto',
  deleteNote: 'Na zawsze: tego nie da się cofnąć.',
  dialogTitle: 'Usunąć konto na zawsze?',
  losesH: 'Usuniemy:',
  loses: [
    'konto i hasło; twoja nazwa stanie się wolna dla innych',
    'wszystkie sesje, na każdym urządzeniu',
    'ranking i jego historię',
    'wiersze czatu i zgłoszenia',
    'zapisy gier z prawdziwymi kartami',
  ],
  kept: 'Rozegrane gry i wyniki turniejów zostaną, ale zamiast twojej nazwy będzie w nich „usunięty\u00a0gracz”.',
  downloadFirst: 'Najpierw pobierz swoje dane',
  password: 'Hasło',
  confirm: 'Usuń konto na zawsze',
  cancel: 'Anuluj',
  wrongPassword: 'To nie jest hasło tego konta.',
  deleted: 'Konto usunięte. Twoje gry nie noszą już twojej nazwy.',
  toStart: 'Wróć na stronę główną',
};

const en: PrivacyWords = {
  title: 'Privacy: what we keep about you',
  intro:
    'The server keeps only what the game needs. Below: what, why, for how long, and how to download and delete it.',
  operatorH: 'Who runs this server',
  operator: (name, contact) =>
    name && contact
      ? `${name}. Contact: ${contact}.`
      : name
        ? `${name}. No contact was given.`
        : `Contact: ${contact}.`,
  noOperator:
    'Whoever runs this server (a person or a club) has not given a name or a contact. Ask the one who gave you this site’s address.',
  sections: [
    {
      heading: 'What we keep, and why',
      list: true,
      text: [
        'Your account: name, a one-way scrambled form of your password (the password cannot be read back from it), when you registered — so that you can log in. A guest has a nickname only.',
        'Sessions: a random key in a cookie, when you logged in and last used it — so that you stay logged in.',
        'Games: the table and seat you played, every call and card, the score — so that games can be replayed, checked for fairness and counted in statistics.',
        'Ratings: your rating and its history after rated games.',
        'Chat: the last lines at a table, in the server’s memory only; a reported line is kept for the moderators.',
        'Fair-play marks: that two accounts at a rated table connected from one address (the address itself is not stored).',
        'Score pads of games with real cards, and the tournaments you joined or direct.',
      ],
    },
    {
      heading: 'For how long',
      list: true,
      text: [
        'Account, ratings, pads and reports: until you delete the account.',
        'A session: it ends after 30 days unused, and after a year at most (the defaults; the operator may change them).',
        'Chat: the last 100 lines of a table, for a day at most (or until the server restarts).',
        'Games: kept for good, since they are the other players’ too — but once the account is deleted they no longer carry your name.',
      ],
    },
    {
      heading: 'Download your data',
      text: [
        'On your profile, choose “Download my data”: one data file (it opens in a text editor) with everything kept about you (account, games as records, ratings, chat, reports, pads, tournaments). It holds no other player’s hidden cards of a deal still in play.',
      ],
    },
    {
      heading: 'Delete your account',
      text: [
        'On your profile, choose “Delete account” and give your password. The account, sessions, ratings, chat lines, reports and pads are deleted; your name becomes free. The games you played and tournament results stay, as they are the other players’ too, but show you as “usunięty\u00a0gracz\u00a01” (“deleted player”; the number only tells deleted players apart within one game).',
        'While you sit at a table where a game is still on, the account cannot be deleted: leave the table, or wait for the game to end.',
      ],
    },
  ],
  yourData: 'Your data',
  download: 'Download my data',
  downloadNote: 'One file with everything the server keeps about you.',
  deleteAccount: 'Delete account',
  deleteNote: 'For good: this cannot be undone.',
  dialogTitle: 'Delete the account for good?',
  losesH: 'Deleted:',
  loses: [
    'the account and password; your name becomes free for others',
    'every session, on every device',
    'your rating and its history',
    'your chat lines and reports',
    'your score pads of games with real cards',
  ],
  kept: 'The games you played and tournament results stay, but they will show you as “usunięty\u00a0gracz” (“deleted player”).',
  downloadFirst: 'Download your data first',
  password: 'Password',
  confirm: 'Delete the account for good',
  cancel: 'Cancel',
  wrongPassword: 'That is not this account’s password.',
  deleted: 'Account deleted. Your games no longer carry your name.',
  toStart: 'Back to the start page',
};

const de: PrivacyWords = {
  title: 'Datenschutz: was wir über dich speichern',
  intro:
    'Der Server speichert nur, was das Spiel braucht. Hier steht: was, wozu, wie lange, und wie du es herunterlädst und löschst.',
  operatorH: 'Wer diesen Server betreibt',
  operator: (name, contact) =>
    name && contact
      ? `${name}. Kontakt: ${contact}.`
      : name
        ? `${name}. Kein Kontakt angegeben.`
        : `Kontakt: ${contact}.`,
  noOperator:
    'Wer diesen Server betreibt (eine Person oder ein Verein), hat weder Namen noch Kontakt angegeben. Frag, wer dir die Adresse dieser Seite gegeben hat.',
  sections: [
    {
      heading: 'Was wir speichern, und wozu',
      list: true,
      text: [
        'Dein Konto: Name, eine nur in eine Richtung umgerechnete Form deines Passworts (das Passwort selbst lässt sich daraus nicht lesen), wann du dich registriert hast — damit du dich anmelden kannst. Ein Gast hat nur einen Spitznamen.',
        'Sitzungen: ein zufälliger Schlüssel im Cookie, wann du dich angemeldet und ihn zuletzt benutzt hast — damit du angemeldet bleibst.',
        'Spiele: an welchem Tisch und Platz du gespielt hast, jede Ansage und Karte, das Ergebnis — damit Spiele nachgespielt, auf Fairness geprüft und in Statistiken gezählt werden können.',
        'Wertung: deine Wertung und ihr Verlauf nach gewerteten Spielen.',
        'Chat: die letzten Zeilen am Tisch, nur im Speicher des Servers; eine gemeldete Zeile wird für die Moderatoren aufbewahrt.',
        'Fairplay-Vermerke: dass sich zwei Konten an einem gewerteten Tisch von einer Adresse verbunden haben (die Adresse selbst wird nicht gespeichert).',
        'Spielblöcke für Spiele mit echten Karten, und die Turniere, denen du beigetreten bist oder die du leitest.',
      ],
    },
    {
      heading: 'Wie lange',
      list: true,
      text: [
        'Konto, Wertung, Spielblöcke und Meldungen: bis du das Konto löschst.',
        'Eine Sitzung: sie endet nach 30 Tagen ohne Benutzung und spätestens nach einem Jahr (die Vorgaben; der Betreiber kann sie ändern).',
        'Chat: die letzten 100 Zeilen eines Tisches, höchstens einen Tag (oder bis zum Neustart des Servers).',
        'Spiele: sie bleiben, denn sie gehören auch den anderen Spielern — nach dem Löschen des Kontos aber ohne deinen Namen.',
      ],
    },
    {
      heading: 'Deine Daten herunterladen',
      text: [
        'Wähle auf deinem Profil „Meine Daten herunterladen“: eine Datei (lesbar in einem Texteditor) mit allem, was über dich gespeichert ist (Konto, Spiele als Aufzeichnungen, Wertung, Chat, Meldungen, Spielblöcke, Turniere). Verdeckte Karten anderer Spieler aus laufenden Spielen enthält sie nicht.',
      ],
    },
    {
      heading: 'Dein Konto löschen',
      text: [
        'Wähle auf deinem Profil „Konto löschen“ und gib dein Passwort ein. Konto, Sitzungen, Wertung, Chatzeilen, Meldungen und Spielblöcke werden gelöscht; dein Name wird frei. Gespielte Spiele und Turnierergebnisse bleiben, denn sie gehören auch den anderen, aber dort steht statt deines Namens „usunięty\u00a0gracz\u00a01“ (gelöschter Spieler; die Nummer unterscheidet nur gelöschte Spieler an einem Tisch).',
        'Solange du an einem Tisch sitzt, an dem noch gespielt wird, lässt sich das Konto nicht löschen: verlass den Tisch oder warte, bis das Spiel endet.',
      ],
    },
  ],
  yourData: 'Deine Daten',
  download: 'Meine Daten herunterladen',
  downloadNote: 'Eine Datei mit allem, was der Server über dich speichert.',
  deleteAccount: 'Konto löschen',
  deleteNote: 'Für immer: das lässt sich nicht rückgängig machen.',
  dialogTitle: 'Das Konto für immer löschen?',
  losesH: 'Gelöscht werden:',
  loses: [
    'Konto und Passwort; dein Name wird für andere frei',
    'alle Sitzungen, auf jedem Gerät',
    'deine Wertung und ihren Verlauf',
    'deine Chatzeilen und Meldungen',
    'deine Spielblöcke für Spiele mit echten Karten',
  ],
  kept: 'Gespielte Spiele und Turnierergebnisse bleiben, aber dort heißt du dann „usunięty\u00a0gracz“ (gelöschter Spieler).',
  downloadFirst: 'Lade zuerst deine Daten herunter',
  password: 'Passwort',
  confirm: 'Konto für immer löschen',
  cancel: 'Abbrechen',
  wrongPassword: 'Das ist nicht das Passwort dieses Kontos.',
  deleted: 'Konto gelöscht. Deine Spiele tragen deinen Namen nicht mehr.',
  toStart: 'Zur Startseite',
};

const WORDS = { pl, en, de };

/** The privacy words in the current language (read inside a component: it re-renders on a change). */
export const pw = (): PrivacyWords => WORDS[lang.value];
