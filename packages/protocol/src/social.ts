// The table's social words the client needs at run time, apart from the zod schemas (so the
// browser bundle does not carry zod): the quick phrases, the chat's length, and when a player is
// shown as leaving rated games repeatedly.

/** The quick phrases of the table chat (the client says them in its language). */
export const QUICK_PHRASES = ['goodGame', 'thanks', 'again', 'hello', 'bye'] as const;
export type QuickPhrase = (typeof QUICK_PHRASES)[number];

/** The longest chat line (characters). */
export const CHAT_MAX_LENGTH = 200;

/**
 * Does a player leave rated games repeatedly? Twice or more, and at least one rated game in five:
 * shown beside his name (fair play).
 */
export const leavesOften = (games: number, left: number): boolean => left >= 2 && left * 5 >= games;
