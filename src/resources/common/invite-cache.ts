// A short-lived, process-wide cache of an organization's invite and member lists. PostHog has no GET-by-id for
// invites, so every Invite read would otherwise page the whole list: with the cache, refreshing N invites costs
// about N/100 list requests. Concurrent readers share one in-flight listing; any write made through this
// process drops the organization's entries, so a read never misses the process's own changes.
import type { PostHogClient, WireInvite, WireMember } from "../../client";

/** How long a finished listing is reused. A `pulumi refresh` reads everything within a few seconds. */
const DEFAULT_TTL_MS = 10_000;

function ttlMs(): number {
  const configured = Number(process.env.POSTHOG_LIST_CACHE_TTL_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_TTL_MS;
}

interface Entry<T> {
  promise: Promise<T>;
  /** When the listing finished; undefined while it is in flight. */
  settledAt?: number;
}

type Lists = { invites: WireInvite[]; members: WireMember[] };

// Keyed by client (one per host+key), so two keys never share what they may see.
const caches = new WeakMap<PostHogClient, Map<string, Entry<unknown>>>();

function cacheOf(client: PostHogClient): Map<string, Entry<unknown>> {
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  return cache;
}

function cached<K extends keyof Lists>(
  client: PostHogClient,
  kind: K,
  orgId: string,
  fetch: () => Promise<Lists[K]>,
): Promise<Lists[K]> {
  const cache = cacheOf(client);
  const key = `${kind}\u0000${orgId}`;
  const existing = cache.get(key) as Entry<Lists[K]> | undefined;
  if (existing && (existing.settledAt === undefined || Date.now() - existing.settledAt < ttlMs())) {
    return existing.promise;
  }
  const entry: Entry<Lists[K]> = { promise: Promise.resolve([] as Lists[K]) };
  entry.promise = fetch().then(
    (value) => {
      entry.settledAt = Date.now();
      return value;
    },
    (error: unknown) => {
      if (cache.get(key) === entry) cache.delete(key); // a failure is not remembered
      throw error;
    },
  );
  cache.set(key, entry);
  return entry.promise;
}

/** Every invite of the organization (newest first), shared by concurrent callers. */
export function cachedInvites(client: PostHogClient, orgId: string): Promise<WireInvite[]> {
  return cached(client, "invites", orgId, () => client.invites.listAll(orgId));
}

/** Every member of the organization, shared by concurrent callers. */
export function cachedMembers(client: PostHogClient, orgId: string): Promise<WireMember[]> {
  return cached(client, "members", orgId, () => client.members.listAll(orgId));
}

/** Forget the organization's lists: call after any write (a listing in flight is not kept either). */
export function invalidateOrganization(client: PostHogClient, orgId: string): void {
  const cache = cacheOf(client);
  cache.delete(`invites\u0000${orgId}`);
  cache.delete(`members\u0000${orgId}`);
}
