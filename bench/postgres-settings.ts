/**
 * The benches' PostgreSQL runs as one would deploy it, not as the tests' throwaway cluster (which
 * keeps PostgreSQL's defaults, fsync off): `shared_buffers` at 1 GB. PostgreSQL's guidance for a
 * machine given to the database is about a quarter of its memory; this one has 24 GiB and shares
 * it with Chromium and Node, so 1 GB is modest. With the default 128 MB, the leaderboards'
 * indexes at 1,000,000 players (8.7 M records) did not stay in PostgreSQL's cache: a player's rank
 * read p50 / p95 3.9 / 7.9 ms; with 1 GB, 2.4 / 3.8 (issue 20: p95 <= 5; docs/scaling.md).
 */
export const BENCH_POSTGRES_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '1GB' };
