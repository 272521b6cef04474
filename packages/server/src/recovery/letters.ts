// What the server's letters say, in the language of the page that asked for them (pl, en, de).
import type { MAIL_LANGS } from '@baska/protocol';
import type { Letter } from './post.js';

export type MailLang = (typeof MAIL_LANGS)[number];

const RESET: Record<MailLang, (name: string, link: string) => Omit<Letter, 'to'>> = {
  pl: (name, link) => ({
    subject: 'Baśka: nowe hasło',
    text:
      `Dzień dobry, ${name}!\n\nKtoś (może Ty) poprosił o nowe hasło do konta ${name} w Baśce. ` +
      `Aby je ustawić, otwórz w ciągu godziny ten link:\n\n${link}\n\n` +
      `Link działa tylko raz. Jeśli to nie Ty prosiłeś, zignoruj ten list: hasło zostanie takie, jak było.\n`,
  }),
  en: (name, link) => ({
    subject: 'Baśka: a new password',
    text:
      `Hello ${name},\n\nsomeone (perhaps you) asked for a new password for the account ${name} at Baśka. ` +
      `To set it, open this link within an hour:\n\n${link}\n\n` +
      `The link works once. If it was not you, ignore this letter: the password stays as it was.\n`,
  }),
  de: (name, link) => ({
    subject: 'Baśka: ein neues Passwort',
    text:
      `Hallo ${name},\n\njemand (vielleicht du) hat ein neues Passwort für das Konto ${name} bei Baśka angefordert. ` +
      `Um es zu setzen, öffne diesen Link innerhalb einer Stunde:\n\n${link}\n\n` +
      `Der Link gilt nur einmal. Warst du es nicht, beachte diesen Brief nicht: das Passwort bleibt, wie es war.\n`,
  }),
};

const CONFIRM: Record<MailLang, (name: string, link: string) => Omit<Letter, 'to'>> = {
  pl: (name, link) => ({
    subject: 'Baśka: potwierdź adres e-mail',
    text:
      `Dzień dobry, ${name}!\n\nTen adres podano w Baśce dla konta ${name}, by można było odzyskać do niego hasło. ` +
      `Aby potwierdzić, że to Twój adres, otwórz w ciągu doby ten link:\n\n${link}\n\n` +
      `Jeśli to nie Ty, zignoruj ten list: adres nie zostanie zapisany.\n`,
  }),
  en: (name, link) => ({
    subject: 'Baśka: confirm your e-mail address',
    text:
      `Hello ${name},\n\nthis address was given at Baśka for the account ${name}, to get back in after a forgotten password. ` +
      `To confirm it is yours, open this link within a day:\n\n${link}\n\n` +
      `If it was not you, ignore this letter: the address will not be kept.\n`,
  }),
  de: (name, link) => ({
    subject: 'Baśka: bestätige deine E-Mail-Adresse',
    text:
      `Hallo ${name},\n\ndiese Adresse wurde bei Baśka für das Konto ${name} angegeben, um ein vergessenes Passwort zu ersetzen. ` +
      `Um zu bestätigen, dass es deine ist, öffne diesen Link innerhalb eines Tages:\n\n${link}\n\n` +
      `Warst du es nicht, beachte diesen Brief nicht: die Adresse wird nicht gespeichert.\n`,
  }),
};

export const resetLetter = (lang: MailLang, to: string, name: string, link: string): Letter => ({
  to,
  ...RESET[lang](name, link),
});
export const confirmLetter = (lang: MailLang, to: string, name: string, link: string): Letter => ({
  to,
  ...CONFIRM[lang](name, link),
});
