/**
 * How often the landing page reads its figures again while it is shown. The rollups change with
 * every sign-in and payment, and operators leave this page open; a minute keeps "as of" honest at
 * the cost of a handful of indexed reads. TanStack Query skips the reads while the window is
 * hidden (refetchIntervalInBackground is off) and reads at once when it is shown again.
 */
export const BRIEF_REFRESH_MS = 60_000;

/** The one input of the brief info read, shared by the screen and its prefetch. */
export const BRIEF_INPUT = {} as const;
