// The name a guest's new account starts with, when he registers to keep his games (LeaveGuest).

/**
 * The guest's nickname without a leading "Gość"/"Guest"/"Gast" some guests put before it: an
 * account's name is not a guest's. A nickname that is only that word stays as it is.
 */
export const accountNameFrom = (nickname: string): string => nickname.replace(/^(gość|gosc|guest|gast)\s+(?=\S)/iu, '');
