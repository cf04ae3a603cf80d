// DRF LimitOffsetPagination (docs/contributing/posthog-behaviour.md#pagination): default 100, no max, absolute next/previous with sorted params.
import { ok, type Ctx, type Result } from "./context";
import type { ApiRequest } from "./request";

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const DEFAULT_LIMIT = 100;

/** DRF's _positive_int: Python int() semantics; strict rejects 0. */
function positiveInt(raw: string | undefined, strict: boolean): number | undefined {
  if (raw === undefined || !/^\s*[+-]?\d+\s*$/.test(raw)) return undefined;
  const n = Number(raw.trim());
  if (n < 0 || (n === 0 && strict)) return undefined;
  return n;
}

/** Python's urllib quote_plus. */
function quotePlus(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

function unquotePlus(s: string): string {
  const spaced = s.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** replace_query_param / remove_query_param: parse_qs(keep_blank_values), set, urlencode(sorted(...), doseq). */
function rewriteQuery(rawQuery: string, set: Record<string, string>, remove: string[]): string {
  const params = new Map<string, string[]>();
  for (const part of rawQuery.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const key = unquotePlus(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? "" : unquotePlus(part.slice(eq + 1));
    params.set(key, [...(params.get(key) ?? []), value]);
  }
  for (const [k, v] of Object.entries(set)) params.set(k, [v]);
  for (const k of remove) params.delete(k);
  const keys = [...params.keys()].sort();
  return keys.flatMap((k) => (params.get(k) ?? []).map((v) => `${quotePlus(k)}=${quotePlus(v)}`)).join("&");
}

export function paginate<T>(items: T[], req: ApiRequest, hostFallback: string): Page<T> {
  const limit = positiveInt(req.param("limit"), true) ?? DEFAULT_LIMIT;
  const offset = positiveInt(req.param("offset"), false) ?? 0;
  const count = items.length;
  const base = `http://${req.host(hostFallback)}${req.path}`;
  const link = (q: string) => (q ? `${base}?${q}` : base);
  const next =
    offset + limit < count
      ? link(rewriteQuery(req.rawQuery, { limit: String(limit), offset: String(offset + limit) }, []))
      : null;
  let previous: string | null = null;
  if (offset > 0) {
    previous =
      offset - limit <= 0
        ? link(rewriteQuery(req.rawQuery, { limit: String(limit) }, ["offset"]))
        : link(rewriteQuery(req.rawQuery, { limit: String(limit), offset: String(offset - limit) }, []));
  }
  return { count, next, previous, results: items.slice(offset, offset + limit) };
}

/** The 200 body of a paginated list: one page of `items`, each shaped by `shape`. */
export function pagedList<T>(ctx: Ctx, items: T[], shape: (item: T) => unknown): Result {
  const page = paginate(items, ctx.req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map(shape) });
}
