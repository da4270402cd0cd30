import { ROLES, type Access, type Role } from '../../shared/roles.js';
import type { Language } from '../../shared/codes.js';

/**
 * An access rule in the operator's words, for the 401 page: which roles a page needs. Only the
 * sentence is chosen here (a catalogue key and its lists); the screen translates it.
 */
export const ACCESS_SENTENCE_KEYS = [
  'errors.401.needsAll',
  'errors.401.needsAny',
  'errors.401.needsAnyAndAll',
  'errors.401.needsSignIn',
] as const;

export interface AccessSentence {
  key: (typeof ACCESS_SENTENCE_KEYS)[number];
  params: Record<string, string>;
}

function list(lang: Language, items: readonly string[], type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat(lang, { style: 'long', type }).format(items);
}

/**
 * - one role, or several that are all needed: "Roles it needs: Administrator and Secret Realm";
 * - several of which one will do: "Administrator or Customer service";
 * - both: "Administrator or Customer service, together with Secret Realm".
 * A page open to every role inside a game (`withRequired` lists all of them) needs just the game's.
 */
export function accessSentence(
  access: Access,
  roleName: (role: Role) => string,
  lang: Language,
): AccessSentence {
  if (access.kind !== 'roles') return { key: 'errors.401.needsSignIn', params: {} };
  const anyOfAll = ROLES.every((r) => access.anyOf.includes(r));
  const anyOf = anyOfAll ? [] : [...access.anyOf];
  const allOf = [...(access.allOf ?? [])];
  if (anyOf.length <= 1) {
    const all = [...anyOf, ...allOf.filter((r) => !anyOf.includes(r))];
    if (all.length === 0) return { key: 'errors.401.needsSignIn', params: {} };
    return { key: 'errors.401.needsAll', params: { all: list(lang, all.map(roleName), 'conjunction') } };
  }
  const any = list(lang, anyOf.map(roleName), 'disjunction');
  if (allOf.length === 0) return { key: 'errors.401.needsAny', params: { any } };
  return {
    key: 'errors.401.needsAnyAndAll',
    params: { any, all: list(lang, allOf.map(roleName), 'conjunction') },
  };
}

/** The operator's own roles, listed in the catalogue's names. */
export function rolesList(
  roles: readonly string[],
  roleName: (role: Role) => string,
  lang: Language,
): string {
  const named = roles.map((r) => ((ROLES as readonly string[]).includes(r) ? roleName(r as Role) : r));
  return list(lang, named, 'conjunction');
}
