// Stored text without the characters that change how the text around it is shown but are not seen
// themselves (docs/decisions/016): the bidi controls, which can turn a name or a chat line around on
// the screen ("Anna\u202Eabc" shows as "Annacba"), and the zero-width ones, which make two names that
// look the same different strings. They are taken out, never refused: a name pasted from a page that
// carried one is still the name its writer saw. Every text the server stores from a client passes
// here (names, chat lines, tournament and pad names, the players of a tournament).

/**
 * The bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069), the directional marks
 * (U+200E, U+200F, U+061C), and the zero-width characters (U+200B–200D, U+2060, U+FEFF).
 */
export const HIDDEN_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/gu;

/** The text without its hidden controls (HIDDEN_CONTROLS). */
export function plainText(text: string): string {
  return text.replace(HIDDEN_CONTROLS, '');
}

/** The same, through every string of a JSON value (an imported file's names, wherever they sit). */
export function plainJson<T>(value: T): T {
  if (typeof value === 'string') return plainText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => plainJson(v)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [plainText(k), plainJson(v)])) as T;
  return value;
}
