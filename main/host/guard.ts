import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browser host's door. Anything on this machine can reach 127.0.0.1, and any web page the
 * operator opens can make their browser send requests to it; the bridge behind this door holds
 * a signed-in session. So: a secret printed at launch buys an HttpOnly, SameSite=Strict cookie,
 * and the bridge answers only requests that carry it, name this host, and come from its origin.
 */

export const COOKIE_NAME = 'gameops_host';

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function sessionCookie(value: string): string {
  return `${COOKIE_NAME}=${value}; Path=/; HttpOnly; SameSite=Strict`;
}

export function cookieValue(header: string | undefined, name: string = COOKIE_NAME): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The names this host answers to. A DNS-rebound name (evil.example -> 127.0.0.1) is not one. */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isOwnHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader !== undefined && ownHosts(port).includes(hostHeader.toLowerCase());
}

/** A missing Origin is allowed where browsers omit it (same-origin GET); a foreign one never. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return ownHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
}

export type Refusal = { status: number; message: { en: string; 'zh-CN': string } } | null;

export interface BridgeRequestFacts {
  host: string | undefined;
  origin: string | undefined;
  cookie: string | undefined;
  /** The bridge's POSTs must name their origin: browsers always send it on a POST. */
  originRequired: boolean;
}

export function checkBridgeRequest(req: BridgeRequestFacts, port: number, cookieSecret: string): Refusal {
  if (!isOwnHost(req.host, port))
    return {
      status: 403,
      message: { en: 'This host does not answer to that name', 'zh-CN': '此主机不接受该主机名的请求' },
    };
  if (req.originRequired && req.origin === undefined) {
    return {
      status: 403,
      message: { en: 'A bridge call must come from the console page', 'zh-CN': '桥接调用必须来自控制台页面' },
    };
  }
  if (!isOwnOrigin(req.origin, port)) {
    return {
      status: 403,
      message: { en: 'Calls from another site are refused', 'zh-CN': '拒绝来自其他站点的调用' },
    };
  }
  const cookie = cookieValue(req.cookie);
  if (cookie === null || !sameSecret(cookie, cookieSecret)) {
    return {
      status: 403,
      message: {
        en: 'Open the launch URL the host printed first',
        'zh-CN': '请先打开主机输出的启动链接（launch URL）',
      },
    };
  }
  return null;
}
