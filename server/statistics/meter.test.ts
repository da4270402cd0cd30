import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS_MS } from '../../shared/api/statistics.js';
import { bucketOf, emptyBuckets, percentileOf } from './meter.js';

describe('the latency histogram', () => {
  it('puts a latency in the first bucket whose bound holds it, or the last (slower)', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.01)).toBe(1);
    expect(bucketOf(50)).toBe(LATENCY_BUCKETS_MS.indexOf(50));
    expect(bucketOf(10_000)).toBe(LATENCY_BUCKETS_MS.length - 1);
    expect(bucketOf(10_001)).toBe(LATENCY_BUCKETS_MS.length);
    expect(emptyBuckets()).toHaveLength(LATENCY_BUCKETS_MS.length + 1);
  });

  it('reads a percentile as the bound of the bucket holding the call of rank ceil(p × calls)', () => {
    const h = emptyBuckets();
    expect(percentileOf(h, 0.5)).toBeNull();
    h[bucketOf(3)] = 1;
    expect(percentileOf(h, 0.5)).toBe(5);
    expect(percentileOf(h, 0.95)).toBe(5);
    // 19 fast calls and one of 30 s: p95 (rank 19) is fast, the slowest is past the last bound.
    h[bucketOf(3)] = 19;
    h[bucketOf(30_000)] = 1;
    expect(percentileOf(h, 0.95)).toBe(5);
    expect(percentileOf(h, 1)).toBeNull();
  });
});
