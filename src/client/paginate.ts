import type { z } from "zod";
import { pageSchema, type Page } from "./paginate.wire";
import { rebaseNextLink } from "./base-url";
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
 * Every page, following the server's absolute `next` links (re-based so the key only goes to
 * the configured origin). Stops on a repeated link rather than looping forever.
 */
export async function* pages<T>(
  t: Transport,
  path: string,
  query: Query,
  item: z.ZodType<T>,
): AsyncGenerator<Page<T>> {
  let page = await getPage(t, path, query, item);
  yield page;
  const seen = new Set<string>();
  while (page.next) {
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
