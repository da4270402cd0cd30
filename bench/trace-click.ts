import type { CDPSession, Page } from 'playwright';
import { NEXT_CLICK, equipmentTabReady, searchResultReady, withConsole } from './renderer.js';

/**
 * Where the time of one timed click goes (issue 23), for the clicks bench/renderer.ts times:
 * `npx tsx bench/trace-click.ts` (a search result -> the first tab's rows) or `... equipment`
 * (the equipment tab -> the 10,000-row table), three runs each on a page just loaded. Each run
 * prints, in ms from the click: every request made (start..end, bytes), every long animation
 * frame (its scripts, their forced style and layout) and the CPU profile's self time by script
 * and by function. Needs dist/renderer built in web mode, like the bench.
 */

const RUNS = 3;

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
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
}

/** Clicks the tagged element and waits for `mark`; returns the click's timeline, in ms from it. */
async function tracedClick(page: Page, mark: string): Promise<{ total: number; lines: string[] }> {
  return page.evaluate(
    async ({ selector, mark }) => {
      const frames: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => frames.push(...list.getEntries()));
      observer.observe({ type: 'long-animation-frame', buffered: false });
      performance.clearMarks(mark);
      const el = document.querySelector<HTMLElement>(selector);
      if (!el) throw new Error(`nothing matches ${selector}`);
      const t0 = performance.now();
      el.click();
      let hit: PerformanceEntry | undefined;
      while (!(hit = performance.getEntriesByName(mark)[0])) {
        if (performance.now() - t0 > 60_000) throw new Error(`no ${mark} mark within 60 s`);
        await new Promise((r) => requestAnimationFrame(r));
      }
      // The frame of the mark is reported once it ends.
      await new Promise((r) => setTimeout(r, 50));
      observer.disconnect();
      // No helper functions in here: tsx names them with a helper the page does not have.
      const requests = performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= t0)
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return `request ${(r.startTime - t0).toFixed(0)}..${(r.responseEnd - t0).toFixed(0)} ${r.name.replace(location.origin, '')} ${r.transferSize} B`;
        });
      const longFrames = frames.map((e) => {
        const f = e as LongFrame;
        const scripts = f.scripts.map(
          (s) =>
            `${s.invoker} ${s.sourceURL.replace(/^.*\//, '')} ${s.duration.toFixed(0)} ms (layout ${s.forcedStyleAndLayoutDuration.toFixed(0)})`,
        );
        return `long frame ${(f.startTime - t0).toFixed(0)}+${f.duration.toFixed(0)}, render at ${(f.renderStart - t0).toFixed(0)}: ${scripts.join(' | ')}`;
      });
      return { total: hit.startTime - t0, lines: [...requests, ...longFrames] };
    },
    { selector: NEXT_CLICK, mark },
  );
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

const equipment = process.argv.includes('equipment');
await withConsole(async (page) => {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < RUNS; i++) {
    if (equipment) await equipmentTabReady(page);
    else await searchResultReady(page, i);
    const mark = equipment ? 'equipment-rendered' : 'player-tab-rows';
    const { result, profile } = await profiled(cdp, () => tracedClick(page, mark));
    console.log(`\n=== run ${i + 1}: ${result.total.toFixed(0)} ms to ${mark}`);
    for (const line of result.lines) console.log(line);
    printProfile(profile);
  }
});
