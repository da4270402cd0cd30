import type { Page, Request, Route } from 'playwright';

/** What the end-to-end tests see of the page's requests: its endpoint calls, and requests held back. */

/** The endpoint and input an api:call request calls, or null for any other request. */
export function callOf(request: Request): { endpoint: string; input: Record<string, unknown> } | null {
  if (!request.url().endsWith('/__ipc/api:call')) return null;
  const body = request.postDataJSON() as {
    input?: { endpoint?: string; input?: Record<string, unknown> };
  } | null;
  const endpoint = body?.input?.endpoint;
  return endpoint ? { endpoint, input: body?.input?.input ?? {} } : null;
}

/** Holds every request matching `url` until `release` is called. */
export async function holdRequests(page: Page, url: RegExp | ((u: URL) => boolean)) {
  const held: Route[] = [];
  let released = false;
  await page.route(url, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}
