/** What an operator typed in "find a player's rank": an id (digits), a name, or nothing yet. */
export type Lookup = { playerId: string } | { name: string } | null;

/** The most players a name lookup lists to pick from. */
export const NAME_MATCHES_SHOWN = 10;

/**
 * An id is all digits (as the players' ids are); anything else is a name, matched as the player
 * search matches it (partly, any case). Nothing but spaces asks nothing.
 */
export function lookupOf(text: string): Lookup {
  const typed = text.trim();
  if (typed === '') return null;
  return /^[0-9]{1,20}$/.test(typed) ? { playerId: typed } : { name: typed.slice(0, 64) };
}
