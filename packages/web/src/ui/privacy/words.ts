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
  sections: Section[];
  yourData: string;
  download: string;
  downloadNote: string;
  deleteAccount: string;
  deleteNote: string;
  dialogTitle: string;
  /** What will be lost, item by item (the dialog's list). */
  loses: string[];
  kept: string;
  password: string;
  confirm: string;
  cancel: string;
  wrongPassword: string;
  deleted: string;
}

const pl: PrivacyWords = {
  title: 'Prywatność: co o Tobie przechowujemy',
  intro:
    'Ten serwer prowadzi jego operator (np. klub lub stowarzyszenie). Przechowuje tylko to, czego gra potrzebuje. Poniżej: co, po co, jak długo, oraz jak to pobrać i usunąć.',
  sections: [
    {
      heading: 'Co przechowujemy i po co',
      list: true,
      text: [
        'Konto: nazwa, skrót hasła (argon2id, nie samo hasło), data rejestracji — żeby można było się zalogować. Gość ma tylko pseudonim.',
        'Sesje: losowy klucz w ciasteczku, czas logowania i ostatniego użycia — żeby pamiętać, że jesteś zalogowany.',
        'Gry: przy jakim stole i miejscu siedziałeś, każda zapowiedź i karta, wynik — żeby gry dało się obejrzeć, sprawdzić ich uczciwość i policzyć statystyki.',
        'Ranking: Twoja ocena i jej historia po grach rankingowych.',
        'Czat: ostatnie wiersze przy stole, tylko w pamięci serwera; zgłoszony wiersz jest zachowany dla moderatorów.',
        'Znaczniki fair play: że przy stole rankingowym dwa konta łączyły się z jednego adresu (sam adres nie jest zapisywany).',
        'Zapisy gier z prawdziwymi kartami i turnieje, do których dołączyłeś lub które prowadzisz.',
      ],
    },
    {
      heading: 'Jak długo',
      list: true,
      text: [
        'Konto, ranking, zapisy i zgłoszenia: dopóki nie usuniesz konta.',
        'Sesja: kończy się po 30 dniach bez użycia i najpóźniej po roku (tak domyślnie; operator może to zmienić).',
        'Czat: ostatnie 100 wierszy przy stole, najwyżej do doby (albo do ponownego uruchomienia serwera).',
        'Gry: zostają na zawsze, bo należą też do pozostałych graczy — ale po usunięciu konta nie ma w nich Twojej nazwy.',
      ],
    },
    {
      heading: 'Pobierz swoje dane',
      text: [
        'Na swoim profilu wybierz „Pobierz moje dane”: dostaniesz jeden plik JSON ze wszystkim, co przechowujemy o Tobie (konto, gry jako zapisy, ranking, czat, zgłoszenia, zapisy, turnieje). Nie ma w nim ukrytych kart innych graczy z rozdań, które jeszcze trwają.',
      ],
    },
    {
      heading: 'Usuń konto',
      text: [
        'Na swoim profilu wybierz „Usuń konto” i podaj hasło. Usuwamy konto, sesje, ranking, wiersze czatu, zgłoszenia i zapisy; Twoja nazwa staje się wolna. Rozegrane gry i wyniki turniejów zostają, bo są też innych graczy, ale zamiast Twojej nazwy stoi w nich „usunięty gracz 1” (numer tylko rozróżnia graczy przy jednym stole).',
        'Póki siedzisz przy stole, który trwa, konta nie da się usunąć: wstań od stołu albo poczekaj na koniec gry.',
      ],
    },
  ],
  yourData: 'Twoje dane',
  download: 'Pobierz moje dane',
  downloadNote: 'Jeden plik JSON ze wszystkim, co serwer o Tobie przechowuje.',
  deleteAccount: 'Usuń konto',
  deleteNote: 'Na zawsze: tego nie da się cofnąć.',
  dialogTitle: 'Usunąć konto na zawsze?',
  loses: [
    'konto i hasło; Twoja nazwa stanie się wolna dla innych',
    'wszystkie sesje, na każdym urządzeniu',
    'ranking i jego historię',
    'wiersze czatu i zgłoszenia',
    'zapisy gier z prawdziwymi kartami',
  ],
  kept: 'Rozegrane gry i wyniki turniejów zostaną, ale zamiast Twojej nazwy będzie w nich „usunięty gracz”. Najpierw możesz pobrać swoje dane.',
  password: 'Hasło',
  confirm: 'Usuń konto na zawsze',
  cancel: 'Anuluj',
  wrongPassword: 'To nie jest hasło tego konta.',
  deleted: 'Konto zostało usunięte. Twoje gry nie noszą już Twojej nazwy.',
};

const en: PrivacyWords = {
  title: 'Privacy: what we keep about you',
  intro:
    'This server is run by its operator (a club or an association, say). It keeps only what the game needs. Below: what, why, for how long, and how to download and delete it.',
  sections: [
    {
      heading: 'What we keep, and why',
      list: true,
      text: [
        'Your account: name, a hash of your password (argon2id, never the password itself), when you registered — so that you can log in. A guest has a nickname only.',
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
        'On your profile, choose “Download my data”: one JSON file with everything kept about you (account, games as records, ratings, chat, reports, pads, tournaments). It holds no other player’s hidden cards of a deal still in play.',
      ],
    },
    {
      heading: 'Delete your account',
      text: [
        'On your profile, choose “Delete the account” and give your password. The account, sessions, ratings, chat lines, reports and pads are deleted; your name becomes free. The games you played and tournament results stay, as they are the other players’ too, but they call you “usunięty gracz 1” (deleted player; the number only tells two apart at one table).',
        'While you sit at a table that is not over, the account cannot be deleted: leave the table, or wait for the game to end.',
      ],
    },
  ],
  yourData: 'Your data',
  download: 'Download my data',
  downloadNote: 'One JSON file with everything the server keeps about you.',
  deleteAccount: 'Delete the account',
  deleteNote: 'For good: this cannot be undone.',
  dialogTitle: 'Delete the account for good?',
  loses: [
    'the account and password; your name becomes free for others',
    'every session, on every device',
    'your rating and its history',
    'your chat lines and reports',
    'your score pads of games with real cards',
  ],
  kept: 'The games you played and tournament results stay, but they will call you “usunięty gracz” (deleted player). You may download your data first.',
  password: 'Password',
  confirm: 'Delete the account for good',
  cancel: 'Cancel',
  wrongPassword: 'That is not this account’s password.',
  deleted: 'The account is deleted. Your games no longer carry your name.',
};

const de: PrivacyWords = {
  title: 'Datenschutz: was wir über dich speichern',
  intro:
    'Diesen Server betreibt sein Betreiber (etwa ein Verein). Er speichert nur, was das Spiel braucht. Hier steht: was, wozu, wie lange, und wie du es herunterlädst und löschst.',
  sections: [
    {
      heading: 'Was wir speichern, und wozu',
      list: true,
      text: [
        'Dein Konto: Name, ein Hash deines Passworts (argon2id, nie das Passwort selbst), wann du dich registriert hast — damit du dich anmelden kannst. Ein Gast hat nur einen Spitznamen.',
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
        'Wähle auf deinem Profil „Meine Daten herunterladen“: eine JSON-Datei mit allem, was über dich gespeichert ist (Konto, Spiele als Aufzeichnungen, Wertung, Chat, Meldungen, Spielblöcke, Turniere). Verdeckte Karten anderer Spieler aus laufenden Spielen enthält sie nicht.',
      ],
    },
    {
      heading: 'Dein Konto löschen',
      text: [
        'Wähle auf deinem Profil „Konto löschen“ und gib dein Passwort ein. Konto, Sitzungen, Wertung, Chatzeilen, Meldungen und Spielblöcke werden gelöscht; dein Name wird frei. Gespielte Spiele und Turnierergebnisse bleiben, denn sie gehören auch den anderen, aber dort steht statt deines Namens „usunięty gracz 1“ (gelöschter Spieler; die Zahl unterscheidet nur zwei an einem Tisch).',
        'Solange du an einem Tisch sitzt, der nicht zu Ende ist, lässt sich das Konto nicht löschen: verlass den Tisch oder warte, bis das Spiel endet.',
      ],
    },
  ],
  yourData: 'Deine Daten',
  download: 'Meine Daten herunterladen',
  downloadNote: 'Eine JSON-Datei mit allem, was der Server über dich speichert.',
  deleteAccount: 'Konto löschen',
  deleteNote: 'Für immer: das lässt sich nicht rückgängig machen.',
  dialogTitle: 'Das Konto für immer löschen?',
  loses: [
    'Konto und Passwort; dein Name wird für andere frei',
    'alle Sitzungen, auf jedem Gerät',
    'deine Wertung und ihren Verlauf',
    'deine Chatzeilen und Meldungen',
    'deine Spielblöcke für Spiele mit echten Karten',
  ],
  kept: 'Gespielte Spiele und Turnierergebnisse bleiben, aber dort heißt du dann „usunięty gracz“ (gelöschter Spieler). Du kannst deine Daten vorher herunterladen.',
  password: 'Passwort',
  confirm: 'Konto für immer löschen',
  cancel: 'Abbrechen',
  wrongPassword: 'Das ist nicht das Passwort dieses Kontos.',
  deleted: 'Das Konto ist gelöscht. Deine Spiele tragen deinen Namen nicht mehr.',
};

const WORDS = { pl, en, de };

/** The privacy words in the current language (read inside a component: it re-renders on a change). */
export const pw = (): PrivacyWords => WORDS[lang.value];
