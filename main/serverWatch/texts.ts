import type { Language } from '../../shared/codes.js';
import type { WatchAlert } from '../../shared/api/serverWatch.js';
import { GAMES } from '../../shared/games.js';

/**
 * What a native notification and the tray say, in the operator's language. Main writes them (the
 * renderer may not be open), so they live here rather than in the renderer's catalogue.
 */

export function durationText(seconds: number, lang: Language): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (lang === 'zh-CN') {
    if (h > 0) return m > 0 ? `${h} 小时 ${m} 分钟` : `${h} 小时`;
    if (m > 0) return `${m} 分钟`;
    return `${sec} 秒`;
  }
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return `${m} min`;
  return `${sec} s`;
}

function timeText(iso: string, lang: Language): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(d);
}

/** A check's error says `<reason>: <detail>`; the reason in words, the detail as it was. */
const REASONS: Record<string, Record<Language, string>> = {
  refused: { en: 'connection refused', 'zh-CN': '连接被拒绝' },
  timeout: { en: 'no answer in time', 'zh-CN': '响应超时' },
  dns: { en: 'host not found', 'zh-CN': '找不到主机' },
  unreachable: { en: 'network unreachable', 'zh-CN': '网络不可达' },
  reset: { en: 'connection dropped', 'zh-CN': '连接被断开' },
  tls: { en: 'certificate or TLS problem', 'zh-CN': '证书或 TLS 错误' },
  status: { en: 'unexpected answer', 'zh-CN': '响应异常' },
  body: { en: 'not a valid status', 'zh-CN': '状态数据无效' },
  network: { en: 'network error', 'zh-CN': '网络错误' },
};

export function checkErrorText(error: string | null, lang: Language): string {
  if (!error) return '';
  const at = error.indexOf(': ');
  const reason = at < 0 ? error : error.slice(0, at);
  const words = REASONS[reason]?.[lang];
  return words ? `${words} (${error.slice(at + 2)})` : error;
}

export function noticeText(alert: WatchAlert, lang: Language): { title: string; body: string } {
  const n = alert.notice;
  const game = GAMES[alert.game].names[lang];
  if (!n) return { title: game, body: '' };
  const money = (fen: number) => `¥${(fen / 100).toLocaleString(lang, { maximumFractionDigits: 2 })}`;
  if (n.kind === 'incomeBelow') {
    return lang === 'zh-CN'
      ? {
          title: `${game}：今日收入低于 ${money(n.threshold)}`,
          body: `截至 ${n.byHour ?? 0}:00，当前 ${money(n.value)}`,
        }
      : {
          title: `${game}: today’s income below ${money(n.threshold)}`,
          body: `By ${n.byHour ?? 0}:00 it is ${money(n.value)}`,
        };
  }
  const below = n.kind === 'playersBelow';
  return lang === 'zh-CN'
    ? { title: `${game}：在线人数${below ? '低于' : '高于'} ${n.threshold}`, body: `当前在线 ${n.value}` }
    : {
        title: `${game}: online players ${below ? 'below' : 'above'} ${n.threshold}`,
        body: `Now ${n.value} online`,
      };
}

/** A paid order whose deliveries keep failing (raised by the backend's delivery job). */
export function deliveryText(alert: WatchAlert, lang: Language): { title: string; body: string } {
  const game = GAMES[alert.game].names[lang];
  const d = alert.delivery;
  const orderId = d?.orderId ?? alert.serverName;
  const attempts = d?.attempts ?? 0;
  const error = d ? d.error[lang] : (alert.error ?? '');
  return lang === 'zh-CN'
    ? { title: `订单 ${orderId} 发货持续失败`, body: `${game} · 已失败 ${attempts} 次 · ${error}` }
    : { title: `Order ${orderId}: delivery failing`, body: `${game} · failed ${attempts} times · ${error}` };
}

/** The notification of one alert. */
export function alertText(alert: WatchAlert, lang: Language): { title: string; body: string } {
  if (alert.kind === 'notice') return noticeText(alert, lang);
  if (alert.kind === 'delivery') return deliveryText(alert, lang);
  const game = GAMES[alert.game].names[lang];
  const name = alert.serverName;
  const zh = lang === 'zh-CN';
  switch (alert.kind) {
    case 'down': {
      const since = alert.downSince ? timeText(alert.downSince, lang) : '';
      const why = checkErrorText(alert.error, lang);
      return zh
        ? { title: `${name} 已宕机`, body: `${game} · 自 ${since} 起 · ${why}` }
        : { title: `${name} is down`, body: `${game} · since ${since} · ${why}` };
    }
    case 'reminder': {
      const how = durationText(alert.durationSec ?? 0, lang);
      return zh
        ? { title: `${name} 仍未恢复`, body: `${game} · 已宕机 ${how}` }
        : { title: `${name} is still down`, body: `${game} · down for ${how}` };
    }
    case 'recovered': {
      const how = durationText(alert.durationSec ?? 0, lang);
      return zh
        ? { title: `${name} 已恢复`, body: `${game} · 宕机 ${how}` }
        : { title: `${name} is back up`, body: `${game} · it was down for ${how}` };
    }
  }
}

/** The tray's tooltip. */
export function trayText(state: { down: number; watching: boolean }, lang: Language): string {
  const app = lang === 'zh-CN' ? 'GameOps 控制台' : 'GameOps Console';
  if (!state.watching)
    return lang === 'zh-CN' ? `${app} · 未在监控（请登录）` : `${app} · not watching (sign in)`;
  if (state.down === 0) return lang === 'zh-CN' ? `${app} · 服务器均正常` : `${app} · all servers up`;
  return lang === 'zh-CN'
    ? `${app} · ${state.down} 台服务器宕机`
    : `${app} · ${state.down} server${state.down === 1 ? '' : 's'} down`;
}
