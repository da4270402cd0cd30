import type { Language } from '../../shared/codes.js';
import type { Provider } from '../../shared/api/orders.js';

/**
 * The sandbox checkout's small HTML pages, in English or Chinese. Plain forms, no script: Pay
 * and Decline post back to the sandbox (routes.ts). Every value shown is escaped.
 */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const NAMES: Record<Provider, Record<Language, string>> = {
  wechat: { en: 'WeChat Pay', 'zh-CN': '微信支付' },
  alipay: { en: 'Alipay', 'zh-CN': '支付宝' },
  paypal: { en: 'PayPal', 'zh-CN': 'PayPal' },
  payssion: { en: 'Payssion', 'zh-CN': 'Payssion' },
};

const T = {
  title: { en: 'Sandbox checkout', 'zh-CN': '沙箱收银台' },
  note: {
    en: 'This is the backend’s sandbox: no real money moves. Pay sends a signed payment notice, as the provider would.',
    'zh-CN': '这是后端的沙箱：不会产生真实支付。点击“支付”将像支付渠道一样发送一条签名的支付通知。',
  },
  order: { en: 'Order', 'zh-CN': '订单' },
  item: { en: 'Item', 'zh-CN': '商品' },
  amount: { en: 'Amount', 'zh-CN': '金额' },
  pay: { en: 'Pay', 'zh-CN': '支付' },
  decline: { en: 'Decline', 'zh-CN': '拒绝' },
  done: { en: 'Payment result', 'zh-CN': '支付结果' },
} as const;

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1c2127}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#5f6b7c}button{font-size:1rem;padding:.5rem 1.4rem;margin-right:.6rem}
.note{color:#5f6b7c;font-size:.9rem}.ok{color:#1c6e42}.bad{color:#ac2f33}</style></head>
<body>${body}</body></html>`;
}

export interface CheckoutView {
  provider: Provider;
  orderId: string;
  grant: string;
  amount: string;
  payUrl: string;
}

export function checkoutPage(lang: Language, v: CheckoutView): string {
  const title = `${NAMES[v.provider][lang]} · ${T.title[lang]}`;
  return page(
    lang,
    title,
    `<h1>${esc(title)}</h1>
<p class="note">${esc(T.note[lang])}</p>
<dl><dt>${esc(T.order[lang])}</dt><dd>${esc(v.orderId)}</dd>
<dt>${esc(T.item[lang])}</dt><dd>${esc(v.grant)}</dd>
<dt>${esc(T.amount[lang])}</dt><dd>${esc(v.amount)}</dd></dl>
<form method="post" action="${esc(v.payUrl)}">
<button type="submit" name="action" value="pay">${esc(T.pay[lang])}</button>
<button type="submit" name="action" value="decline">${esc(T.decline[lang])}</button>
</form>`,
  );
}

export function resultPage(lang: Language, ok: boolean, orderId: string, text: string): string {
  return page(
    lang,
    T.done[lang],
    `<h1>${esc(T.done[lang])}</h1>
<p>${esc(T.order[lang])}: ${esc(orderId)}</p>
<p class="${ok ? 'ok' : 'bad'}" id="result">${esc(text)}</p>`,
  );
}
