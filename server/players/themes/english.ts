import type { EquipmentTheme, LogTexts } from './theme.js';

/** What the English-language themes (all but ymmj) write alike. */

/** How equipment is named and set bonuses read. */
export const ENGLISH_EQUIPMENT_TEXT: Pick<EquipmentTheme, 'join' | 'setLine'> = {
  join: (prefix, base) => `${prefix} ${base}`,
  setLine: (set, pieces, bonus) => `${set} (${pieces}): ${bonus}`,
};

/** The store lines of the logs. */
export const ENGLISH_STORE_LOGS: Pick<LogTexts, 'purchase' | 'recharge' | 'itemUse'> = {
  purchase: (name, count, price) => `Bought ${count} × ${name} for ${price}`,
  recharge: (orderId, product, amount, channel) =>
    `Recharged ${product} (${amount}) via ${channel}, order ${orderId}`,
  itemUse: (name, count) => `Used ${count} × ${name}`,
};
