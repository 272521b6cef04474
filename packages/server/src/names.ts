// One key for comparing player names, computed here and nowhere else (the database stores it in
// `player.name_key`; registration and login look players up by it).
//
// The key is the name under Unicode compatibility normalisation (NFKC: a fullwidth 'Ｌ' is 'L', a
// ligature 'ﬁ' is 'fi', an 'e' with a combining acute is the one letter 'é') and case folding,
// with runs of spaces made one. JavaScript has no full case fold (toLowerCase is not one: 'ß'
// stays, 'ẞ' becomes 'ß'); upper-casing and then lower-casing is, for names, a close stand-in:
// 'ß' and 'ẞ' both become 'ss', the Greek final and non-final sigma become the same letter, 'Ł'
// and 'ł' and 'ŁUKASZ' and 'łukasz' meet. It is repeated until nothing changes ('ẞ' needs two
// rounds), so that the key of a key is itself (checked for every code point up to U+2FFFF). The
// mapping does not depend on the server's locale (no Turkish dotless-i rule: 'I' is 'i').
// Look-alikes from other scripts (Cyrillic 'а', Latin 'a') stay different names.
//
// Changing this function changes which names are the same: existing keys would then need to be
// recomputed (db.ts fills the column only where it is empty).
export function nameKey(name: string): string {
  let key = name.normalize('NFKC').trim().replace(/\s+/gu, ' ');
  for (let i = 0; i < 4; i++) {
    const next = key.toUpperCase().toLowerCase().normalize('NFKC');
    if (next === key) break;
    key = next;
  }
  return key;
}

/**
 * The key of a registered player whose name shares its key with an older one: possible only in a
 * database from before `name_key` (the old check compared lower(name), which on SQLite folds only
 * ASCII). He keeps his account and logs in under his exact spelling. '~' is not allowed in a name,
 * so this key is never the key of a name.
 */
export function legacyKey(name: string): string {
  return `~${name}`;
}
