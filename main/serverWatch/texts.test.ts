import { describe, expect, it } from 'vitest';
import type { WatchAlert } from '../../shared/api/serverWatch.js';
import { alertText } from './texts.js';

describe('the notification of a failing delivery', () => {
  const alert: WatchAlert = {
    seq: 9,
    at: '2026-01-15T09:08:30.000Z',
    kind: 'delivery',
    game: 'ymmj',
    serverId: null,
    serverName: 'GOY20260115ABCDEFGHJK',
    incidentId: null,
    downSince: null,
    durationSec: null,
    error: 'the game server refused the delivery (HTTP 503)',
    notice: null,
    delivery: {
      orderId: 'GOY20260115ABCDEFGHJK',
      attempts: 5,
      error: {
        en: 'the game server refused the delivery (HTTP 503)',
        'zh-CN': '游戏服务器拒绝了发货（HTTP 503）',
      },
    },
    notify: true,
    muted: false,
  };

  it('names the order, how often it failed and the last error, in the operator’s language', () => {
    expect(alertText(alert, 'en')).toEqual({
      title: 'Order GOY20260115ABCDEFGHJK: delivery failing',
      body: 'Secret Realm · failed 5 times · the game server refused the delivery (HTTP 503)',
    });
    expect(alertText(alert, 'zh-CN')).toEqual({
      title: '订单 GOY20260115ABCDEFGHJK 发货持续失败',
      body: '妖魔秘境 · 已失败 5 次 · 游戏服务器拒绝了发货（HTTP 503）',
    });
  });
});
