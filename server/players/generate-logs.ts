import { DAY, MINUTE, wholeSecond, type GenContext } from './generate-context.js';
import type { MadeTabs } from './generate-tabs.js';
import { moneyText } from './themes/theme.js';

/**
 * A player's game log: sign-ins with what happened in each session, level-ups, and a line for
 * each purchase and paid order of their tabs, from account creation to the last sign-in. Half the
 * sessions fall in the three weeks before the last sign-in, so an active player has both recent
 * logs and history (prelogs).
 */

export interface GeneratedLog {
  at: number;
  kind: string;
  detail: string;
  ip: string | null;
}

const MAX_SESSIONS = 80;
const MAX_LEVEL_UPS = 40;

export function generateLogs(g: GenContext, tabs: MadeTabs): GeneratedLog[] {
  const r = g.rng('logs');
  const t = g.theme.logs;
  const logs: GeneratedLog[] = [
    { at: g.start, kind: 'register', detail: t.register(g.device), ip: g.ips[0] ?? null },
  ];
  if (!g.signedIn) return logs;

  const sessions = Math.max(
    3,
    Math.min(MAX_SESSIONS, Math.round(3 + g.spanDays * (0.1 + 0.5 * g.engagement))),
  );
  const recentFrom = Math.max(g.start, g.end - 21 * DAY);
  const starts: number[] = [];
  for (let i = 0; i < sessions - 1; i++) {
    const from = i % 2 === 0 ? g.start : recentFrom;
    starts.push(wholeSecond(from + (g.end - from) * r.next()));
  }
  starts.sort((a, b) => a - b);
  // The last session is the last sign-in itself; the player may still be playing it.
  starts.push(g.end);

  const windows: [number, number][] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as number;
    const ip = i === starts.length - 1 ? (g.ips[0] ?? null) : r.pick(g.ips);
    logs.push({ at: start, kind: 'login', detail: t.login(g.device), ip });
    const next = starts[i + 1];
    if (next === undefined) continue;
    const minutes = Math.min(r.int(8, 150), Math.floor((next - start) / MINUTE) - 1);
    if (minutes < 2) continue;
    const stop = start + minutes * MINUTE;
    windows.push([start, stop]);
    for (let e = r.int(1, 4); e > 0; e--) {
      const at = wholeSecond(start + (stop - start) * r.next());
      const kind = r.weighted([
        ['match', 45],
        ['itemGain', 22],
        ['itemUse', 18],
        ['mail', 10],
      ] as const);
      const item = r.pick(g.theme.items);
      const detail =
        kind === 'match'
          ? t.match(r)
          : kind === 'mail'
            ? t.mail(r)
            : kind === 'itemGain'
              ? t.itemGain(item.name, r.int(1, Math.min(item.stack, 20)), r.pick(t.itemSources))
              : t.itemUse(item.name, r.int(1, Math.min(item.stack, 5)));
      logs.push({ at, kind, detail, ip: null });
    }
    logs.push({ at: stop, kind: 'logout', detail: t.logout(minutes), ip });
  }

  // Level-ups happen during play, in order, ending at the player's level.
  const ups = Math.min(g.player.level - 1, MAX_LEVEL_UPS);
  if (windows.length > 0 && ups > 0) {
    const times = Array.from({ length: ups }, () => {
      const [a, b] = r.pick(windows);
      return wholeSecond(a + (b - a) * r.next());
    }).sort((a, b) => a - b);
    times.forEach((at, i) => {
      const to = g.player.level - ups + i + 1;
      logs.push({ at, kind: 'levelUp', detail: t.levelUp(to - 1, to), ip: null });
    });
  }

  for (const row of [...(tabs.purchases ?? []), ...(tabs.shopbuy ?? [])]) {
    const price = moneyText(Number(row['price']), String(row['currency']));
    logs.push({
      at: Date.parse(String(row['at'])),
      kind: 'purchase',
      detail: t.purchase(String(row['name']), Number(row['count']), price),
      ip: null,
    });
  }
  for (const row of [...(tabs.recharge ?? []), ...(tabs.orders ?? [])]) {
    if (row['status'] !== 'paid' && row['status'] !== 'refunded') continue;
    const amount = moneyText(Number(row['amount']), String(row['currency']));
    logs.push({
      at: Date.parse(String(row['at'])),
      kind: 'recharge',
      detail: t.recharge(String(row['orderId']), String(row['product']), amount, String(row['channel'])),
      ip: r.pick(g.ips),
    });
  }

  // Oldest first, so log ids grow with time; ties keep the order they were made in.
  return logs
    .map((log, i) => ({ log, i }))
    .sort((a, b) => a.log.at - b.log.at || a.i - b.i)
    .map((x) => x.log);
}
