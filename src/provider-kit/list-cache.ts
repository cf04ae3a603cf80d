// A short-lived, process-wide cache of whole listings (an organization's invites and members, a project's
// surveys). A refresh reads every resource at once: served from one shared listing, refreshing N objects costs
// about N/100 list requests instead of N GETs (and, for invites, which have no GET-by-id, instead of N full
// listings). Concurrent readers share one in-flight listing; any write made through this process drops the
// scope's entries, so a read never misses the process's own changes.
import type { PostHogClient, WireFeatureFlag, WireInvite, WireMember, WireSurvey } from "../client";
import { resolveSettings } from "../config";

/** How long a finished listing is reused (a `pulumi refresh` reads everything within a few seconds). */
const ttlMs = (): number => resolveSettings().listCacheTtlMs;

interface Entry<T> {
  promise: Promise<T>;
  /** When the listing finished; undefined while it is in flight. */
  settledAt?: number;
}

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

const keyOf = (kind: string, scope: string) => `${kind}\u0000${scope}`;

/** A fresh (or in-flight) listing, if there is one. */
function current<T>(client: PostHogClient, key: string): Promise<T> | undefined {
  const existing = cacheOf(client).get(key) as Entry<T> | undefined;
  if (existing && (existing.settledAt === undefined || Date.now() - existing.settledAt < ttlMs())) {
    return existing.promise;
  }
  return undefined;
}

function cached<T>(client: PostHogClient, key: string, fetch: () => Promise<T>): Promise<T> {
  const reused = current<T>(client, key);
  if (reused) return reused;
  const cache = cacheOf(client);
  const entry: Entry<T> = { promise: Promise.resolve(undefined as T) };
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
  return cached(client, keyOf("invites", orgId), () => client.invites.listAll(orgId));
}

/** Every member of the organization, shared by concurrent callers. */
export function cachedMembers(client: PostHogClient, orgId: string): Promise<WireMember[]> {
  return cached(client, keyOf("members", orgId), () => client.members.listAll(orgId));
}

/** Every feature flag of the project, shared by concurrent callers (surveys naming flags by key). */
export function cachedFlags(client: PostHogClient, project: string): Promise<WireFeatureFlag[]> {
  return cached(client, keyOf("flags", project), () => client.featureFlags.listAll(project));
}

/** Forget the project's flag listing (a key it missed may name a flag made since). */
export function invalidateFlags(client: PostHogClient, project: string): void {
  cacheOf(client).delete(keyOf("flags", project));
}

/** Forget the organization's lists: call after any write (a listing in flight is not kept either). */
export function invalidateOrganization(client: PostHogClient, orgId: string): void {
  const cache = cacheOf(client);
  cache.delete(keyOf("invites", orgId));
  cache.delete(keyOf("members", orgId));
}

/** Survey reads in flight per client and project: a second concurrent read means a refresh is under way. */
const surveyReads = new WeakMap<PostHogClient, Map<string, number>>();

/**
 * One survey as GET returns it. A lone read is one GET; once reads overlap (a refresh), they share one listing
 * of the project, and only a survey missing from it costs a GET (to tell "gone" from "created since").
 */
export async function readSurvey(client: PostHogClient, project: string, id: string): Promise<WireSurvey> {
  let inFlight = surveyReads.get(client);
  if (!inFlight) surveyReads.set(client, (inFlight = new Map()));
  const count = (inFlight.get(project) ?? 0) + 1;
  inFlight.set(project, count);
  try {
    const key = keyOf("surveys", project);
    const listing =
      current<WireSurvey[]>(client, key) ??
      (count > 1 ? cached(client, key, () => client.surveys.listAll(project)) : undefined);
    const listed = listing && (await listing).find((s) => s.id === id);
    return listed ?? (await client.surveys.get(project, id));
  } finally {
    inFlight.set(project, (inFlight.get(project) ?? 1) - 1);
  }
}

/** Forget the project's survey listing: call after any survey write. */
export function invalidateProject(client: PostHogClient, project: string): void {
  cacheOf(client).delete(keyOf("surveys", project));
}

// Per client and organization: the invites as the first look of this process found them.
const firstInviteListings = new WeakMap<PostHogClient, Map<string, Promise<WireInvite[]>>>();

/**
 * The organization's invites as they were when this process first looked, listed once per process and never
 * refreshed: what an interrupted earlier run left behind is in it (interrupted.ts), so a run creating many
 * invites pays one listing, not one per create. Invites made or deleted since are tracked by the callers' claims.
 */
export function invitesAtStart(client: PostHogClient, orgId: string): Promise<WireInvite[]> {
  let byOrg = firstInviteListings.get(client);
  if (!byOrg) firstInviteListings.set(client, (byOrg = new Map()));
  let listing = byOrg.get(orgId);
  if (!listing) {
    listing = client.invites.listAll(orgId);
    byOrg.set(orgId, listing);
    listing.catch(() => byOrg.delete(orgId)); // a failure is not remembered
  }
  return listing;
}
