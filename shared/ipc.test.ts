import { describe, expect, it, vi } from 'vitest';
import { REQUEST_CHANNELS, createBridge, type BridgeTransport } from './ipc.js';
import { REQUEST_SCHEMAS } from './ipc-schemas.js';

describe('IPC contract', () => {
  it('has an input schema for every request channel', () => {
    expect(Object.keys(REQUEST_SCHEMAS).sort()).toEqual([...REQUEST_CHANNELS].sort());
  });

  it('rejects unknown endpoints and extra fields', () => {
    expect(REQUEST_SCHEMAS['api:call'].safeParse({ endpoint: 'nope', input: {} }).success).toBe(false);
    expect(REQUEST_SCHEMAS['api:call'].safeParse({ endpoint: 'users.list', input: {}, x: 1 }).success).toBe(
      false,
    );
    expect(REQUEST_SCHEMAS['session:login'].safeParse({ account: 'a', password: 'b' }).success).toBe(true);
  });

  it('builds a bridge that only uses contract channels', async () => {
    const invoke = vi.fn<BridgeTransport['invoke']>(async () => ({ ok: true, data: null }));
    const subscribe = vi.fn<BridgeTransport['subscribe']>(() => () => undefined);
    const bridge = createBridge({ invoke, subscribe });
    await bridge.call('users.roles', {});
    await bridge.session.login({ account: 'a', password: 'b' });
    await bridge.settings.set({ language: 'en' });
    bridge.on('session:expired', () => undefined);
    expect(invoke.mock.calls.map((c) => c[0])).toEqual(['api:call', 'session:login', 'settings:set']);
    expect(invoke.mock.calls[0]?.[1]).toEqual({ endpoint: 'users.roles', input: {} });
    expect(subscribe.mock.calls[0]?.[0]).toBe('session:expired');
    expect(() => bridge.on('nope' as 'session:expired', () => undefined)).toThrow();
  });
});
