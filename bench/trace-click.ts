import type { CDPSession, Page } from 'playwright';
import {
  CHART_DRAWN,
  NEXT_CLICK,
  dailyReportYearPath,
  equipmentTabReady,
  homeJustLoaded,
  listRoute,
  searchResultReady,
  withConsole,
  type BenchList,
} from './renderer.js';

/**
 * Where the time of one timed click or navigation goes (issues 23 and 25), for what
 * bench/renderer.ts times: `npx tsx bench/trace-click.ts` (a search result -> the first tab's
 * rows), `... equipment` (the equipment tab -> the 10,000-row table), `... orders` or
 * `... blacklist` (home, page just loaded -> the list's first rows), three runs each on a page
 * just loaded (TRACE_RUNS=N for more). Each run prints, in ms from the click or the address change: every request made
 * (start..end, bytes), every long animation frame (its scripts, their forced style and layout),
 * the first frame of the list's spinner and of its rows, and the CPU profile's self time by
 * script and by function. Needs dist/renderer built in web mode, like the bench.
 */

const RUNS = Number(process.env.TRACE_RUNS ?? 3);

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

interface LongFrame extends PerformanceEntry {
  renderStart: number;
  scripts: { invoker: string; sourceURL: string; duration: number; forcedStyleAndLayoutDuration: number }[];
}

const shortName = (url: string) => url.replace(/^.*\//, '') || '(native)';

function top(totals: Map<string, number>, n: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `  ${ms.toFixed(1)} ms ${name}`)
    .join('\n');
}

function printProfile(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const frame = byId.get(id);
    if (!frame) return;
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    const file = shortName(frame.url);
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  console.log(`self time by script:\n${top(byFile, 10)}\nself time by function:\n${top(byFunction, 15)}`);
  if (process.env['TRACE_INCLUSIVE'] !== '1') return;
  // Time under each function (itself and what it calls), and who calls the natives that cost most:
  // with a build not minified (vite build --mode web --minify false) the names are the source's.
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const callers = new Map<string, number>();
  const nameOf = (id: number) => {
    const f = byId.get(id);
    return f ? `${f.functionName || '(anonymous)'} ${shortName(f.url)}:${f.lineNumber}` : '?';
  };
  p.samples.forEach((leaf, i) => {
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    const chain: string[] = [];
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) chain.push(nameOf(id));
    for (const name of new Set(chain)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    if (byId.get(leaf)?.url === '' && !/program|idle|garbage/.test(chain[0] ?? ''))
      callers.set(chain.slice(0, 5).join(' < '), (callers.get(chain.slice(0, 5).join(' < ')) ?? 0) + ms);
  });
  console.log(`time under function:\n${top(inclusive, 40)}\nnatives by caller:\n${top(callers, 15)}`);
}

/** What a traced run does, and the sign that it is done. */
type Action =
  | { kind: 'click'; selector: string; mark: string }
  | { kind: 'navigate'; path: string; routeId: string }
  | { kind: 'marks'; path: string; mark: string; count: number };

/**
 * Clicks the tagged element and waits for `mark`, or sets the address and waits for the first
 * frame with a cell of a table in the route's page; returns the timeline, in ms from the action.
 */
async function traced(page: Page, action: Action): Promise<{ total: number; lines: string[] }> {
  return page.evaluate(async (action) => {
    const frames: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => frames.push(...list.getEntries()));
    observer.observe({ type: 'long-animation-frame', buffered: false });
    const seen: string[] = [];
    const route = action.kind === 'navigate' ? `[data-route="${action.routeId}"]` : '';
    if (action.kind === 'marks') performance.clearMarks(action.mark);
    const t0 = performance.now();
    if (action.kind === 'click') {
      performance.clearMarks(action.mark);
      const el = document.querySelector<HTMLElement>(action.selector);
      if (!el) throw new Error(`nothing matches ${action.selector}`);
      el.click();
    } else location.hash = `#${action.path}`;
    let total: number | undefined;
    while (total === undefined) {
      const now = performance.now();
      if (now - t0 > 60_000) throw new Error('not done within 60 s');
      if (action.kind === 'click') total = performance.getEntriesByName(action.mark)[0]?.startTime;
      else if (action.kind === 'marks') {
        const marks = performance.getEntriesByName(action.mark);
        if (marks.length >= action.count) total = Math.max(...marks.map((m) => m.startTime));
      } else {
        // What the route's page shows, frame by frame, until its rows.
        for (const [what, selector] of [
          ['route', route],
          ['screen spinner', `${route} [data-testid="screen-loading"]`],
          ['list spinner', `${route} [data-testid$="-loading"]:not([data-testid="screen-loading"])`],
          ['rows', `${route} .kit-table :is(td, .bp6-table-cell)`],
        ] as const)
          if (!seen.includes(what) && document.querySelector(selector)) {
            seen.push(what);
            frames.push({ name: `first frame with ${what}`, startTime: now } as PerformanceEntry);
          }
        if (seen.includes('rows')) total = now;
      }
      if (total === undefined) await new Promise((r) => requestAnimationFrame(r));
      // A frame much later than the last: the page was busy (or not scheduled) meanwhile.
      const gap = performance.now() - now;
      if (total === undefined && gap > 34)
        frames.push({ name: `frame gap of ${gap.toFixed(0)} ms`, startTime: now } as PerformanceEntry);
    }
    // The last frame is reported once it ends.
    await new Promise((r) => setTimeout(r, 50));
    // Entries not yet handed to the callback would be lost with it.
    frames.push(...observer.takeRecords());
    observer.disconnect();
    // No helper functions in here: tsx names them with a helper the page does not have.
    const requests = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= t0)
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return {
          at: r.startTime - t0,
          line: `request ${(r.startTime - t0).toFixed(0)}..${(r.responseEnd - t0).toFixed(0)} ${r.name.replace(location.origin, '')} ${r.transferSize} B`,
        };
      });
    const longFrames = frames.map((e) => {
      if (!('scripts' in e))
        return { at: e.startTime - t0, line: `${e.name} at ${(e.startTime - t0).toFixed(0)}` };
      const f = e as LongFrame;
      const scripts = f.scripts.map(
        (s) =>
          `${s.invoker} ${s.sourceURL.replace(/^.*\//, '')} ${s.duration.toFixed(0)} ms (layout ${s.forcedStyleAndLayoutDuration.toFixed(0)})`,
      );
      return {
        at: f.startTime - t0,
        line: `long frame ${(f.startTime - t0).toFixed(0)}+${f.duration.toFixed(0)}, render at ${(f.renderStart - t0).toFixed(0)}: ${scripts.join(' | ')}`,
      };
    });
    const lines = [...requests, ...longFrames].sort((a, b) => a.at - b.at).map((l) => l.line);
    return { total: total - t0, lines };
  }, action);
}

async function profiled<T>(
  cdp: CDPSession,
  work: () => Promise<T>,
): Promise<{ result: T; profile: Profile }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return { result, profile };
}

const mode = process.argv[2] ?? 'click';
const LISTS: Record<string, BenchList> = { orders: 'orderRetrieve', blacklist: 'blacklist' };

/** Readies the page for the i-th run of the mode; returns what the run does. */
async function ready(page: Page, i: number): Promise<Action> {
  const list = LISTS[mode];
  if (list) {
    const route = listRoute(list);
    await homeJustLoaded(page);
    return { kind: 'navigate', path: route.path, routeId: route.id };
  }
  if (mode === 'year' || mode === 'year-warm') {
    const path = dailyReportYearPath();
    await homeJustLoaded(page);
    if (mode === 'year-warm') {
      // The charts' code and the report's chunks loaded by a first visit; then home again.
      await page.evaluate((p) => (location.hash = `#${p}`), path);
      await page.waitForFunction((m) => performance.getEntriesByName(m).length >= 2, CHART_DRAWN);
      await page.evaluate(() => history.back());
      await page.locator('[data-route="home"]').waitFor();
    }
    return { kind: 'marks', path, mark: CHART_DRAWN, count: 2 };
  }
  if (mode === 'equipment') {
    await equipmentTabReady(page);
    return { kind: 'click', selector: NEXT_CLICK, mark: 'equipment-rendered' };
  }
  if (mode !== 'click')
    throw new Error(
      `unknown mode ${mode}: click, equipment, year, year-warm, ${Object.keys(LISTS).join(', ')}`,
    );
  await searchResultReady(page, i);
  return { kind: 'click', selector: NEXT_CLICK, mark: 'player-tab-rows' };
}

await withConsole(async (page) => {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < RUNS; i++) {
    const action = await ready(page, i);
    const { result, profile } = await profiled(cdp, () => traced(page, action));
    const done =
      action.kind === 'navigate' ? `the rows of ${action.routeId}` : `${action.mark} (${action.kind})`;
    console.log(`\n=== run ${i + 1}: ${result.total.toFixed(0)} ms to ${done}`);
    for (const line of result.lines) console.log(line);
    printProfile(profile);
  }
});
