import type { z } from "zod";
import { pageSchema, type Page } from "./paginate.wire";
import { rebaseNextLink } from "./base-url";
import { configKey } from "../config";
import { PostHogApiError } from "./errors";
import type { Query, Transport } from "./transport";

/** One page of a limit/offset list. */
export async function getPage<T>(
  t: Transport,
  path: string,
  query: Query,
  item: z.ZodType<T>,
): Promise<Page<T>> {
  const page = await t.call({ method: "GET", path, query, schema: pageSchema(item) });
  return { count: page.count, next: page.next, previous: page.previous, results: page.results };
}

/**
 * The most pages one listing follows. PostHog's surveys and invites pages hold 100 items
 * (posthog/api/routing.py's default limit), so this is 100,000 objects: more than any project holds, and a
 * server that keeps handing out new `next` links is stopped after it.
 */
export const MAX_PAGES = 1000;

/**
 * Every page, following the server's absolute `next` links (re-based so the key only goes to the configured
 * origin). Bounded three ways: a repeated link, more than MAX_PAGES pages, and the call deadline
 * (requestDeadlineMs) over the whole listing rather than per page.
 */
export async function* pages<T>(
  t: Transport,
  path: string,
  query: Query,
  item: z.ZodType<T>,
  limits: { maxPages: number; deadlineMs: number } = { maxPages: MAX_PAGES, deadlineMs: t.deadlineMs },
): AsyncGenerator<Page<T>> {
  const started = Date.now();
  let page = await getPage(t, path, query, item);
  yield page;
  const seen = new Set<string>();
  for (let count = 1; page.next; count++) {
    const elapsed = Date.now() - started;
    if (count >= limits.maxPages || elapsed >= limits.deadlineMs) {
      const which =
        count >= limits.maxPages
          ? `it reached the page cap of ${limits.maxPages} pages`
          : `it ran past the listing's deadline of ${limits.deadlineMs} ms`;
      throw new PostHogApiError({
        method: "GET",
        path,
        status: 0,
        code: "listing_unbounded",
        detail:
          `the listing was stopped after ${count} pages and ${elapsed} ms: ${which} (a listing may take at ` +
          `most ${limits.maxPages} pages and ${limits.deadlineMs} ms, the ${configKey("requestDeadlineMs")} setting), and the ` +
          "server was still sending next links",
      });
    }
    const next = rebaseNextLink(t.base, page.next, path);
    if (seen.has(next)) {
      throw new PostHogApiError({
        method: "GET",
        path,
        status: 0,
        code: "pagination_loop",
        detail: "the server returned the same next link twice",
      });
    }
    seen.add(next);
    page = await getPage(t, next, {}, item);
    yield page;
  }
}

export async function listAll<T>(t: Transport, path: string, query: Query, item: z.ZodType<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages(t, path, query, item)) all.push(...page.results);
  return all;
}
