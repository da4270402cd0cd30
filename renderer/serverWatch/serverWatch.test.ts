import { describe, expect, it } from 'vitest';
import {
  alertPath,
  formatCount,
  formatDuration,
  formatRelative,
  formatResponse,
  mergeAlerts,
  relativeParts,
} from './watchFormat.js';
import { emptyNotice, fenOf, noticeForm, yuanText, type NoticeDraft } from './noticeForm.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { checkBound, fieldsOf, invalidKeyOf } from '../kit/form/bound.js';
import { CHECK_KINDS } from '../../shared/api/serverWatch.js';
import { emptyWatch, watchForm, type WatchDraft } from './watchForm.js';

const checkWatch = (draft: WatchDraft) => checkBound(watchForm(), draft);
/** The notice form's verdict on a draft, changing notice `id` where one is given. */
const checkNotice = (draft: NoticeDraft, id?: number) =>
  checkBound({ ...noticeForm(), fixed: id === undefined ? {} : { id } }, draft);

const NOW = Date.parse('2026-11-23T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relative times', () => {
  it('takes the largest whole unit', () => {
    expect(relativeParts(-90_000)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeParts(-(3 * 3600 + 59 * 60) * 1000)).toEqual({ value: -3, unit: 'hour' });
    expect(relativeParts(2 * 86_400_000)).toEqual({ value: 2, unit: 'day' });
    expect(relativeParts(-30_000)).toEqual({ value: -30, unit: 'second' });
  });

  it('says past and future in both languages, "now" under ten seconds', () => {
    expect(formatRelative(ago(5 * 60_000), NOW, 'en')).toBe('5 min. ago');
    expect(formatRelative(ago(5 * 60_000), NOW, 'zh-CN')).toBe('5分钟前');
    expect(formatRelative(ago(-2 * 3600_000), NOW, 'en')).toBe('in 2 hr.');
    expect(formatRelative(ago(3000), NOW, 'en')).toBe('now');
    expect(formatRelative(ago(-3000), NOW, 'zh-CN')).toBe('现在');
    expect(formatRelative(null, NOW, 'en')).toBe('');
    expect(formatRelative('not a time', NOW, 'en')).toBe('not a time');
  });
});

describe('durations and figures', () => {
  it('gives the two largest units', () => {
    expect(formatDuration(45, 'en')).toBe('45 sec');
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(3900, 'zh-CN')).toBe('1小时5分钟');
    expect(formatDuration(2 * 86_400 + 3 * 3600 + 59, 'en')).toBe('2 days 3 hr');
    // A round hour says the hour alone, not "1 hr 0 min".
    expect(formatDuration(3600, 'en')).toBe('1 hr');
    expect(formatDuration(0, 'en')).toBe('0 sec');
    expect(formatDuration(-5, 'en')).toBe('0 sec');
  });

  it('reads response times and counts', () => {
    expect(formatResponse(12, 'en')).toBe('12 ms');
    expect(formatResponse(1250, 'en')).toBe('1.3 sec');
    expect(formatResponse(null, 'en')).toBe('');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(null, 'zh-CN')).toBe('');
  });
});

describe('the bell', () => {
  it('merges alerts newest first, once each, up to the limit', () => {
    const a = (seq: number, tag = '') => ({ seq, tag });
    expect(mergeAlerts([a(3), a(1)], [a(2), a(3, 'again')])).toEqual([a(3, 'again'), a(2), a(1)]);
    expect(mergeAlerts([a(1), a(2), a(3)], [a(4)], 2).map((x) => x.seq)).toEqual([4, 3]);
  });

  it('leads to the server, to the notices for a notice, to the order for a failing delivery', () => {
    const alert = { game: 'atomicwar', delivery: null } as const;
    expect(alertPath({ ...alert, kind: 'down', serverId: 7 })).toBe('/admin/serverwatch?server=7');
    expect(alertPath({ ...alert, kind: 'notice', serverId: null })).toBe('/admin/serverwatch?tab=notices');
    const delivery = { orderId: 'GOA20261126ABCDEFGHJK', attempts: 5, error: { en: 'e', 'zh-CN': 'e' } };
    expect(alertPath({ kind: 'delivery', serverId: null, game: 'atomicwar', delivery })).toBe(
      '/atomicwar/recharge/retrive?orderId=GOA20261126ABCDEFGHJK&order=GOA20261126ABCDEFGHJK',
    );
    expect(alertPath({ kind: 'delivery', serverId: null, game: 'lw', delivery })).toBe(
      '/lw/order/GOA20261126ABCDEFGHJK/detail',
    );
  });
});

describe('the notice form', () => {
  it('takes yuan and sends fen, exactly', () => {
    expect(fenOf('100000')).toBe(10_000_000);
    expect(fenOf('0.29')).toBe(29);
    expect(fenOf('1,234.5')).toBe(123_450);
    expect(fenOf('1.234')).toBeNull();
    expect(fenOf('-5')).toBeNull();
    expect(yuanText(10_000_000)).toBe('100000');
    expect(yuanText(12_345)).toBe('123.45');
  });

  it('checks a draft with the endpoint schema: an income notice needs its hour', () => {
    const draft = { ...emptyNotice(), game: 'ymmj' as const, threshold: '600' };
    expect(checkNotice(draft)).toEqual({
      ok: true,
      input: { game: 'ymmj', kind: 'playersBelow', threshold: 600, byHour: null, enabled: true, note: '' },
    });
    const income = checkNotice({ ...draft, kind: 'incomeBelow', threshold: '1000.5', byHour: '18' }, 4);
    expect(income).toMatchObject({ ok: true, input: { id: 4, threshold: 100_050, byHour: 18 } });
    expect(checkNotice({ ...draft, kind: 'incomeBelow', byHour: '24' })).toMatchObject({
      ok: false,
      errors: { byHour: 'serverWatch.noticeFields.byHour.invalid' },
    });
    expect(checkNotice({ ...draft, game: '', threshold: 'many' })).toMatchObject({
      ok: false,
      errors: {
        game: 'serverWatch.noticeFields.game.invalid',
        threshold: 'serverWatch.noticeFields.threshold.invalid.players',
      },
    });
  });
});

describe('the watch form', () => {
  it('sends only the chosen check kind, numbers as numbers', () => {
    const draft = {
      ...emptyWatch(),
      name: ' Edge 1 ',
      game: 'lw' as const,
      kind: 'tcp' as const,
      host: '127.0.0.1',
      port: '4001',
      url: 'http://left.over/',
      intervalSec: '10',
      timeoutMs: '1000',
      failuresToDown: '1',
    };
    expect(checkWatch(draft)).toMatchObject({
      ok: true,
      input: {
        name: 'Edge 1',
        check: { kind: 'tcp', host: '127.0.0.1', port: 4001 },
        intervalSec: 10,
        timeoutMs: 1000,
        failuresToDown: 1,
        remindEveryMin: null,
        notify: { kind: 'game' },
      },
    });
  });

  it('says which fields are wrong, the timeout against the interval included', () => {
    const bad = checkWatch({ ...emptyWatch(), game: 'lw', name: 'x', url: 'ftp://x', intervalSec: '5' });
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        check: 'serverWatch.fields.check.invalid.gameStatus',
        timeoutMs: 'serverWatch.fields.timeoutMs.invalid',
      },
    });
    const none = checkWatch({
      ...emptyWatch(),
      game: 'lw',
      name: 'x',
      url: 'http://a/',
      notifyKind: 'operators',
    });
    expect(none).toMatchObject({ ok: false, errors: { notify: 'serverWatch.fields.notify.invalid' } });
  });

  it('has every field’s label and error text in both languages', async () => {
    const form = watchForm();
    // Parts of a field (the check's host, the notify's choice) show its one error.
    const parts = new Set(['host', 'port', 'url', 'expectStatus', 'notifyKind', 'operatorIds', 'reason']);
    for (const lang of ['zh-CN', 'en'] as const) {
      const keys = flattenKeys(await loadCatalogue(lang));
      for (const f of fieldsOf(form)) {
        if (f !== 'check' && f !== 'notifyKind' && f !== 'operatorIds' && f !== 'reason')
          expect(keys.has(`serverWatch.fields.${f}.label`), `${lang}: ${f}`).toBe(true);
        if (parts.has(f) || f === 'kind') continue;
        if (f === 'check') {
          for (const kind of CHECK_KINDS)
            expect(keys.has(invalidKeyOf(form, f, { ...form.initial, kind })), `${lang}: ${kind}`).toBe(true);
        } else expect(keys.has(invalidKeyOf(form, f, form.initial)), `${lang}: ${f}`).toBe(true);
      }
    }
  });

  it('has the notice form’s labels and error texts in both languages', async () => {
    const form = noticeForm();
    for (const lang of ['zh-CN', 'en'] as const) {
      const keys = flattenKeys(await loadCatalogue(lang));
      for (const f of fieldsOf(form)) {
        // The threshold's label is said for the kind; the switch has its own.
        if (f !== 'threshold' && f !== 'enabled')
          expect(keys.has(`serverWatch.noticeFields.${f}.label`), `${lang}: ${f}`).toBe(true);
        for (const kind of ['playersBelow', 'incomeBelow'] as const)
          expect(keys.has(invalidKeyOf(form, f, { ...form.initial, kind })), `${lang}: ${f}`).toBe(true);
      }
    }
  });
});
