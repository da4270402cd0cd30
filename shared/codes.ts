/**
 * The one catalogue of envelope status codes. Code 1 and 20000 come from the spec; the rest are
 * ours, grouped like HTTP statuses so that a number alone hints at who must act (4xxxx: the caller,
 * 5xxxx: the server, 9xxxx: the console could not reach or understand the server).
 * Every code carries an operator-facing message in both languages and the HTTP status the
 * reference backend answers with.
 */
export const Codes = {
  OK: 1,
  TOKEN_EXPIRED: 20000,
  VALIDATION: 40000,
  MALFORMED_JSON: 40001,
  UNSUPPORTED_MEDIA_TYPE: 40002,
  UNAUTHENTICATED: 40100,
  INVALID_CREDENTIALS: 40101,
  SESSION_REVOKED: 40102,
  REFRESH_INVALID: 40103,
  ACCOUNT_DISABLED: 40104,
  /** A payment-service call without a valid pay-server token (not the console's session: it stays). */
  PAY_SERVER_SIGN_IN: 40105,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  ROUTE_NOT_FOUND: 40401,
  METHOD_NOT_ALLOWED: 40500,
  REQUEST_TIMEOUT: 40800,
  CONFLICT: 40900,
  /** The record was deleted already (by someone else, perhaps a moment ago): nothing was changed. */
  ALREADY_DELETED: 40910,
  PAYLOAD_TOO_LARGE: 41300,
  URI_TOO_LONG: 41400,
  RATE_LIMITED: 42900,
  HEADERS_TOO_LARGE: 43100,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
  NETWORK: 90001,
  TIMEOUT: 90002,
  BAD_RESPONSE: 90003,
  NOT_SIGNED_IN: 90004,
  UNKNOWN_ENDPOINT: 90005,
} as const;

export type CodeName = keyof typeof Codes;
export type Code = (typeof Codes)[CodeName];

export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

interface CodeInfo {
  http: number;
  text: Record<Language, string>;
}

export const CODE_INFO: Record<CodeName, CodeInfo> = {
  OK: { http: 200, text: { 'zh-CN': '操作成功', en: 'Done' } },
  TOKEN_EXPIRED: {
    http: 401,
    text: { 'zh-CN': '登录令牌已过期，请刷新', en: 'The access token has expired; refresh it' },
  },
  VALIDATION: {
    http: 400,
    text: { 'zh-CN': '输入有误，请检查后重试', en: 'Some input is not valid; check it and try again' },
  },
  MALFORMED_JSON: {
    http: 400,
    text: { 'zh-CN': '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    http: 415,
    text: {
      'zh-CN': '请求体须为 application/json',
      en: 'The request body must be application/json',
    },
  },
  UNAUTHENTICATED: {
    http: 401,
    text: { 'zh-CN': '请先登录', en: 'Sign in first' },
  },
  INVALID_CREDENTIALS: {
    http: 401,
    text: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  },
  SESSION_REVOKED: {
    http: 401,
    text: {
      'zh-CN': '会话已被撤销，请重新登录',
      en: 'This session was revoked; sign in again',
    },
  },
  REFRESH_INVALID: {
    http: 401,
    text: {
      'zh-CN': '刷新令牌无效或已过期，请重新登录',
      en: 'The refresh token is invalid or expired; sign in again',
    },
  },
  ACCOUNT_DISABLED: {
    http: 403,
    text: { 'zh-CN': '该账号已停用，请联系管理员', en: 'This account is disabled; ask an administrator' },
  },
  PAY_SERVER_SIGN_IN: {
    http: 401,
    text: {
      'zh-CN': '支付服务需要单独登录：请先登录支付服务器',
      en: 'The payment service needs its own sign-in: sign in to the pay server first',
    },
  },
  FORBIDDEN: {
    http: 403,
    text: {
      'zh-CN': '你的角色无权执行此操作',
      en: 'Your role is not allowed to do this',
    },
  },
  NOT_FOUND: { http: 404, text: { 'zh-CN': '找不到该记录', en: 'No such record' } },
  ROUTE_NOT_FOUND: {
    http: 404,
    text: { 'zh-CN': '没有这个接口', en: 'No such API route' },
  },
  METHOD_NOT_ALLOWED: {
    http: 405,
    text: { 'zh-CN': '该接口不支持此方法', en: 'This route does not accept that method' },
  },
  REQUEST_TIMEOUT: {
    http: 408,
    text: { 'zh-CN': '请求未能及时到达，请重试', en: 'The request did not arrive in time; try again' },
  },
  CONFLICT: {
    http: 409,
    text: { 'zh-CN': '与已有数据冲突', en: 'This conflicts with existing data' },
  },
  ALREADY_DELETED: {
    http: 409,
    text: {
      'zh-CN': '该记录已被删除，未做任何更改',
      en: 'This record is already deleted; nothing was changed',
    },
  },
  PAYLOAD_TOO_LARGE: {
    http: 413,
    text: { 'zh-CN': '请求体过大', en: 'The request body is too large' },
  },
  URI_TOO_LONG: {
    http: 414,
    text: { 'zh-CN': '请求的 URL 过长', en: 'The request URL is too long' },
  },
  RATE_LIMITED: {
    http: 429,
    text: { 'zh-CN': '尝试次数过多，请稍后再试', en: 'Too many attempts; wait and try again' },
  },
  HEADERS_TOO_LARGE: {
    http: 431,
    text: { 'zh-CN': '请求头过大', en: 'The request headers are too large' },
  },
  INTERNAL: {
    http: 500,
    text: {
      'zh-CN': '服务器内部错误，请稍后重试或联系管理员',
      en: 'The server failed; try again later or tell an administrator',
    },
  },
  UNAVAILABLE: {
    http: 503,
    text: { 'zh-CN': '服务暂不可用，请稍后再试', en: 'The service is unavailable; try again later' },
  },
  NETWORK: {
    http: 0,
    text: {
      'zh-CN': '无法连接服务器，请检查网络和服务地址设置',
      en: 'Cannot reach the server; check the network and the service address in settings',
    },
  },
  TIMEOUT: {
    http: 0,
    text: { 'zh-CN': '服务器响应超时，请稍后重试', en: 'The server did not answer in time; try again' },
  },
  BAD_RESPONSE: {
    http: 0,
    text: {
      'zh-CN': '服务器返回了无法识别的数据，请检查服务地址设置',
      en: 'The server answered with data the console does not understand; check the service address',
    },
  },
  NOT_SIGNED_IN: {
    http: 0,
    text: { 'zh-CN': '尚未登录', en: 'Not signed in' },
  },
  UNKNOWN_ENDPOINT: {
    http: 0,
    text: { 'zh-CN': '控制台不认识这个接口', en: 'The console does not know this call' },
  },
};

const byNumber = new Map<number, CodeName>(
  (Object.keys(Codes) as CodeName[]).map((name) => [Codes[name], name]),
);

export function codeName(code: number): CodeName | undefined {
  return byNumber.get(code);
}

/** Operator-facing text for a code; unknown codes (from a foreign backend) get a generic text. */
export function codeText(code: number, lang: Language): string {
  const name = codeName(code);
  if (name) return CODE_INFO[name].text[lang];
  return lang === 'zh-CN' ? `请求失败（代码 ${code}）` : `The request failed (code ${code})`;
}
