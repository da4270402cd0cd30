/** What the script benches share: percentiles of timings, and a deterministic spread of arguments. */

/** The p-th percentile of ascending timings. */
export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A deterministic spread of arguments (a fixed LCG), so runs compare. */
export function rand(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}
