import { describe, expect, it } from 'vitest';
import { createLatest } from './latest.js';

describe('createLatest', () => {
  it('drops an answer asked for before the last one applied', () => {
    const latest = createLatest();
    const startup = latest.ask(); // session:get at start-up, still on its way
    const signIn = latest.ask(); // the sign-in result, applied at once
    expect(latest.accept(signIn)).toBe(true);
    expect(latest.accept(startup)).toBe(false);
  });

  it('applies answers that come in the order they were asked for', () => {
    const latest = createLatest();
    const a = latest.ask();
    const b = latest.ask();
    expect(latest.accept(a)).toBe(true);
    expect(latest.accept(b)).toBe(true);
    expect(latest.accept(latest.ask())).toBe(true);
  });
});
