import type { TFunction } from 'i18next';

/** Roles as operators name them, keeping the raw id for roles a newer server may add. */
export function roleLabels(roles: readonly string[], t: TFunction): string {
  return roles.map((r) => t(`role.${r}`, { defaultValue: r })).join(', ');
}
