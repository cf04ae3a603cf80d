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

/** One kind of listing (T: what it lists), per client (one per host+key, so two keys never share what they may
 * see) and scope (an organization or a project). */
class Listings<T> {
  private readonly byClient = new WeakMap<PostHogClient, Map<string, Entry<T>>>();

  of(client: PostHogClient): Map<string, Entry<T>> {
    let cache = this.byClient.get(client);
    if (!cache) {
      cache = new Map();
      this.byClient.set(client, cache);
    }
    return cache;
  }

  /** A fresh (or in-flight) listing, if there is one. */
  current(client: PostHogClient, scope: string): Promise<T> | undefined {
    const existing = this.of(client).get(scope);
    if (existing && (existing.settledAt === undefined || Date.now() - existing.settledAt < ttlMs())) {
      return existing.promise;
    }
    return undefined;
  }

  cached(client: PostHogClient, scope: string, fetch: () => Promise<T>): Promise<T> {
    const reused = this.current(client, scope);
    if (reused) return reused;
    const cache = this.of(client);
    const entry: Entry<T> = { promise: fetch() };
    entry.promise = entry.promise.then(
      (value) => {
        entry.settledAt = Date.now();
        return value;
      },
      (error: unknown) => {
        if (cache.get(scope) === entry) cache.delete(scope); // a failure is not remembered
        throw error;
      },
    );
    cache.set(scope, entry);
    return entry.promise;
  }

  forget(client: PostHogClient, scope: string): void {
    this.of(client).delete(scope);
  }
}

const invites = new Listings<WireInvite[]>();
const members = new Listings<WireMember[]>();
const flags = new Listings<WireFeatureFlag[]>();
const surveys = new Listings<WireSurvey[]>();

/** Every invite of the organization (newest first), shared by concurrent callers. */
export function cachedInvites(client: PostHogClient, orgId: string): Promise<WireInvite[]> {
  return invites.cached(client, orgId, () => client.invites.listAll(orgId));
}

/** Every member of the organization, shared by concurrent callers. */
export function cachedMembers(client: PostHogClient, orgId: string): Promise<WireMember[]> {
  return members.cached(client, orgId, () => client.members.listAll(orgId));
}

/** Every feature flag of the project, shared by concurrent callers (surveys naming flags by key). */
export function cachedFlags(client: PostHogClient, project: string): Promise<WireFeatureFlag[]> {
  return flags.cached(client, project, () => client.featureFlags.listAll(project));
}

/** Forget the project's flag listing (a key it missed may name a flag made since). */
export function invalidateFlags(client: PostHogClient, project: string): void {
  flags.forget(client, project);
}

/** Forget the organization's lists: call after any write (a listing in flight is not kept either). */
export function invalidateOrganization(client: PostHogClient, orgId: string): void {
  invites.forget(client, orgId);
  members.forget(client, orgId);
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
    const listing =
      surveys.current(client, project) ??
      (count > 1 ? surveys.cached(client, project, () => client.surveys.listAll(project)) : undefined);
    const listed = listing && (await listing).find((s) => s.id === id);
    return listed ?? (await client.surveys.get(project, id));
  } finally {
    inFlight.set(project, (inFlight.get(project) ?? 1) - 1);
  }
}

/** Forget the project's survey listing: call after any survey write. */
export function invalidateProject(client: PostHogClient, project: string): void {
  surveys.forget(client, project);
}

// Per client and organization: the invites as the first look of this process found them.
const firstInviteListings = new WeakMap<PostHogClient, Map<string, Promise<WireInvite[]>>>();

/**
 * The organization's invites as they were when this process first looked, listed once per process and never
 * refreshed. A create reads the newest page again just before each POST (resources/invite/interrupted.ts,
 * invitesNow); this listing stands for the older pages of an organization with more than one, which an invite
 * made since cannot be on.
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

const firstSurveyListings = new WeakMap<PostHogClient, Map<string, Promise<WireSurvey[]>>>();

/**
 * The project's surveys as they were when this process first looked, listed once per process: what a preview's
 * checks of creates compare the declared names with (survey/clash-preview.ts), so a preview of many new surveys
 * pays one listing per project.
 */
export function surveysAtStart(client: PostHogClient, project: string): Promise<WireSurvey[]> {
  let byProject = firstSurveyListings.get(client);
  if (!byProject) firstSurveyListings.set(client, (byProject = new Map()));
  let listing = byProject.get(project);
  if (!listing) {
    listing = client.surveys.listAll(project);
    byProject.set(project, listing);
    listing.catch(() => byProject.delete(project)); // a failure is not remembered
  }
  return listing;
}
