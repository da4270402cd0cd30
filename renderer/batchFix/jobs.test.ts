import { describe, expect, it } from 'vitest';
import { isActive, outcomeOf, preview, progressOf, removesRows, runParam } from './jobs.js';

describe('data repair runs on the page', () => {
  it('measures progress against what the dry run counted', () => {
    expect(progressOf({ status: 'running', processed: 25, total: 100 })).toBe(0.25);
    expect(progressOf({ status: 'running', processed: 0, total: 0 })).toBe(0);
    expect(progressOf({ status: 'failed', processed: 0, total: 0 })).toBe(1);
    expect(progressOf({ status: 'done', processed: 3, total: 100 })).toBe(1);
    expect(progressOf({ status: 'running', processed: 120, total: 100 })).toBe(1);
  });

  it('tells active runs and outcomes apart', () => {
    expect([isActive('queued'), isActive('running'), isActive('done')]).toEqual([true, true, false]);
    expect([outcomeOf('running'), outcomeOf('done'), outcomeOf('interrupted')]).toEqual([
      null,
      'done',
      'interrupted',
    ]);
  });

  it('reads the run from the URL only when it is a positive whole number', () => {
    expect(runParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', '12abc', '9999999999']) expect(runParam(bad)).toBeNull();
  });

  it('marks functions that remove rows, and previews samples on one short line', () => {
    expect(removesRows({ touches: [{ table: 'players', change: 'update' }] })).toBe(false);
    expect(removesRows({ touches: [{ table: 'bans', change: 'delete' }] })).toBe(true);
    expect(preview({ level: 3 })).toBe('{"level":3}');
    expect(preview(null)).toBe('');
    expect(preview('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
