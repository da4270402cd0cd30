import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browser host's door. Anything on this machine can reach 127.0.0.1, and any web page the
 * operator opens can make their browser send requests to it; the bridge behind this door holds
 * a signed-in session. So: a secret printed at launch buys a bridge token, handed to the page in
 * the redirect's URL fragment (never sent to a server) and kept in the storage of the host's own
 * origin (scheme, host and port), and the bridge answers only requests that carry it in a header,
 * name this host, and come from its origin.
 *
 * Not a cookie: browsers send a 127.0.0.1 cookie to every port of 127.0.0.1, so any local
 * listener the operator's browser visits would collect it and could drive the bridge with curl.
 * A header goes only where the console's own script sends it.
 */

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

export type Redeemed = { ok: true; token: string } | { ok: false; why: 'used' | 'wrong' };

/**
 * Launch secrets work once: opening a launch URL exchanges its secret for a fresh random bridge
 * token, so a launch URL that leaks later (shell history, a screenshot, a shared terminal) opens
 * nothing. Each browser that should reach the host gets its own launch URL, and its own token.
 */
export interface LaunchDoor {
  /** A new one-time launch secret. */
  issue(secret?: string): string;
  redeem(secret: string): Redeemed;
  /** Whether a bridge-token header carries a token this door handed out. */
  admits(tokenHeader: string | undefined): boolean;
}

export function createLaunchDoor(): LaunchDoor {
  const unused = new Set<string>();
  /** Digests of redeemed secrets, to tell "used" from "wrong" without keeping the secrets. */
  const used = new Set<string>();
  const tokens = new Set<string>();
  const digest = (s: string) => createHash('sha256').update(s).digest('hex');
  return {
    issue(secret = newSecret()) {
      unused.add(secret);
      return secret;
    },
    redeem(given) {
      for (const secret of unused) {
        if (!sameSecret(given, secret)) continue;
        unused.delete(secret);
        used.add(digest(secret));
        const token = randomBytes(32).toString('base64url');
        tokens.add(token);
        return { ok: true, token };
      }
      return { ok: false, why: given !== '' && used.has(digest(given)) ? 'used' : 'wrong' };
    },
    admits(header) {
      if (header === undefined || header === '') return false;
      let match = false;
      // Every token is compared, so the time taken does not say which one was close.
      for (const t of tokens) match = sameSecret(header, t) || match;
      return match;
    },
  };
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
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
  /** The bridge-token header (WEB_BRIDGE_TOKEN_HEADER). */
  token: string | undefined;
  /** The bridge's POSTs must name their origin: browsers always send it on a POST. */
  originRequired: boolean;
}

export function checkBridgeRequest(req: BridgeRequestFacts, port: number, door: LaunchDoor): Refusal {
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
  if (!door.admits(req.token)) {
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
