import { describe, expect, it } from 'vitest';
import { catalogueT } from '../i18n/catalogueT.js';
import { readFromText } from './readFrom.js';

/** The line a report shows of where its figures were read, in both languages. */
const en = await catalogueT('en');
const zh = await catalogueT('zh-CN');

describe('where a report was read', () => {
  it('says nothing without a read replica: the figures are current', () => {
    expect(readFromText(en, undefined)).toBeNull();
    expect(readFromText(zh, undefined)).toBeNull();
  });

  it('says how old the figures may be when the replica answered, in whole seconds', () => {
    const from = { source: 'replica', lagSec: 2.4 } as const;
    expect(readFromText(en, from)).toBe('Figures as of about 2 s ago (read replica).');
    expect(readFromText(zh, from)).toBe('从只读副本读取，约 2 秒前的数据。');
  });

  it('says the figures are current, and why, when the primary answered instead', () => {
    const down = { source: 'primary', reason: 'replicaDown' } as const;
    expect(readFromText(en, down)).toBe(
      'Figures are current: the read replica does not answer, so they were read from the primary database.',
    );
    expect(readFromText(zh, down)).toBe('只读副本无响应，已从主库读取，数据为最新。');
    const behind = { source: 'primary', reason: 'replicaBehind', lagSec: 45.6 } as const;
    expect(readFromText(en, behind)).toBe(
      'Figures are current: the read replica is 46 s behind, so they were read from the primary database.',
    );
    expect(readFromText(zh, behind)).toBe('只读副本落后约 46 秒，已从主库读取，数据为最新。');
  });
});
