// The few words that lead to the privacy page (the header's menu, beside registration), apart from
// the page's own (words.ts), which load with the page only.
import { lang } from '../../i18n.js';

const LINKS = {
  pl: { nav: 'Prywatność', beforeRegistering: 'Co przechowujemy o graczach: prywatność' },
  en: { nav: 'Privacy', beforeRegistering: 'What we keep about players: privacy' },
  de: { nav: 'Datenschutz', beforeRegistering: 'Was wir über Spieler speichern: Datenschutz' },
};

/** The links' words in the current language. */
export const privacyLinks = () => LINKS[lang.value];
