import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_RANDOM_LENGTH } from '../../shared/api/giftCodes.js';
import { batchStateAt, codeStateAt, csvField, randomCodes, toCsv } from './codes.js';
import { gameServerKeyText } from './cli.js';
import { gameServerKey, signRedeem, signatureMatches, signedText } from './game-server-key.js';

/** The pure parts: code text, states, CSV, the game-server key and signature. */

describe('randomCodes', () => {
  it('makes distinct codes of the alphabet after the prefix', () => {
    const codes = randomCodes('PRE', 5000);
    expect(codes).toHaveLength(5000);
    expect(new Set(codes).size).toBe(5000);
    const re = new RegExp(`^PRE[${CODE_ALPHABET}]{${CODE_RANDOM_LENGTH}}$`);
    for (const c of codes) expect(c).toMatch(re);
  });

  it('uses every character of the alphabet, none more than a fair share', () => {
    const counts = new Map<string, number>();
    for (const c of randomCodes('', 4000)) for (const ch of c) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
    const fair = (4000 * CODE_RANDOM_LENGTH) / CODE_ALPHABET.length;
    for (const n of counts.values()) expect(Math.abs(n - fair) / fair).toBeLessThan(0.1);
  });
});

describe('states', () => {
  const from = new Date('2026-01-01T00:00:00Z');
  const until = new Date('2026-02-01T00:00:00Z');
  const mid = new Date('2026-01-15T00:00:00Z');
  const batch = { enabled: true, validFrom: from, validUntil: until, used: 0, total: 10, usesPerCode: 1 };

  it('gives a batch one state, disabled first', () => {
    expect(batchStateAt(batch, mid)).toBe('active');
    expect(batchStateAt({ ...batch, enabled: false }, new Date('2030-01-01'))).toBe('disabled');
    expect(batchStateAt(batch, new Date('2025-12-31T23:59:59Z'))).toBe('notYetValid');
    expect(batchStateAt(batch, from)).toBe('active');
    expect(batchStateAt(batch, until)).toBe('expired');
    expect(batchStateAt({ ...batch, used: 10 }, mid)).toBe('usedUp');
  });

  it('gives a code the reason a redemption would be refused, in the order redeem checks', () => {
    expect(codeStateAt({ uses: 0, enabled: true }, batch, mid)).toBe('unused');
    expect(codeStateAt({ uses: 1, enabled: true }, { ...batch, usesPerCode: 2 }, mid)).toBe('used');
    expect(codeStateAt({ uses: 1, enabled: true }, batch, mid)).toBe('usedUp');
    expect(codeStateAt({ uses: 0, enabled: false }, { ...batch, enabled: false }, mid)).toBe('batchDisabled');
    expect(codeStateAt({ uses: 0, enabled: false }, batch, mid)).toBe('disabled');
    expect(codeStateAt({ uses: 0, enabled: true }, batch, until)).toBe('expired');
    expect(codeStateAt({ uses: 0, enabled: true }, batch, new Date('2025-06-01'))).toBe('notYetValid');
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-3)).toBe('-3');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@a')).toBe("'@a");
  });

  it('writes a header row and CRLF-ended rows', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 2],
          [null, 'x,y'],
        ],
      ),
    ).toBe('a,b\r\n1,2\r\n,"x,y"\r\n');
  });
});

describe('game-server key and signature', () => {
  const secrets = Buffer.alloc(32, 1);
  const m = { game: 'ymmj' as const, serverId: 's1', code: 'ABCD', playerId: 'p', ts: 1, nonce: 'abcdefgh' };

  it('derives one key per game with HKDF-SHA256 from the secrets key', () => {
    const want = Buffer.from(
      hkdfSync('sha256', secrets, Buffer.alloc(0), 'gameops game-server key|ymmj', 32),
    );
    expect(gameServerKey(secrets, 'ymmj').equals(want)).toBe(true);
    expect(gameServerKey(secrets, 'lw').equals(want)).toBe(false);
  });

  it('signs the documented lines with HMAC-SHA256, hex', () => {
    expect(signedText(m)).toBe('ymmj\ns1\nABCD\np\n1\nabcdefgh');
    const key = gameServerKey(secrets, 'ymmj');
    const sig = signRedeem(key, m);
    expect(sig).toBe(createHmac('sha256', key).update('ymmj\ns1\nABCD\np\n1\nabcdefgh').digest('hex'));
    expect(signatureMatches(key, m, sig)).toBe(true);
    expect(signatureMatches(key, { ...m, playerId: 'q' }, sig)).toBe(false);
    expect(signatureMatches(key, m, sig.slice(0, 62))).toBe(false);
  });
});

describe('game-server-key command', () => {
  it('prints the key the backend derives, from GAMEOPS_SECRETS_KEY', () => {
    const env = { GAMEOPS_SECRETS_KEY: '07'.repeat(32), DATABASE_URL: 'postgres://example/db' };
    expect(gameServerKeyText(['ymmj'], env)).toBe(gameServerKey(Buffer.alloc(32, 7), 'ymmj').toString('hex'));
  });

  it('says what is missing', () => {
    expect(() => gameServerKeyText(['nope'], {})).toThrow(/one of atomicwar/);
    expect(() => gameServerKeyText(['lw'], { DATABASE_URL: 'postgres://example/db' })).toThrow(
      /GAMEOPS_SECRETS_KEY/,
    );
  });
});
