import { useSession } from '../session/SessionContext.js';

/** Who is signed in, as the order screens need it: their name (an order's createdBy) and roles. */
export function useMe(): { name: string; isSuper: boolean; isAdmin: boolean } {
  const { state } = useSession();
  const roles = state?.user.role ?? [];
  const isSuper = roles.includes('SUPER');
  return { name: state?.user.name ?? '', isSuper, isAdmin: isSuper || roles.includes('ADMIN') };
}
