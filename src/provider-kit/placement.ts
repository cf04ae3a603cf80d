// Where a resource's object lives, against where the provider's settings in force would put a new one: the rule
// that a change of the provider's config never deletes through a replacement (issue 50, item 1;
// docs/contributing/plugin-protocol.md, "A config change never replaces").
//
// - The provider's projectId or organizationId is where resources that name none are CREATED. An object already
//   made lives where its state says (a survey's `projectId`, an invite's `organizationId` output, both concrete
//   ids), and stays there when the setting changes: nothing is created, replaced or deleted, and the preview says
//   so. Only the resource's own input naming another project or organization replaces it (the program asks).
// - The host: DiffConfig never replaces the provider (plugin/provider-config.ts), so a host change never reaches
//   the old host at all. Whether the new host is the same PostHog is decided by a fact, not by its spelling: the
//   object is found at the new host by its id (host-check.ts). Found: nothing changes. Not found: another PostHog;
//   the resource is created there, and the object at the old host is left as it is, never deleted, and named.
//   The old host is the plugin's DiffConfig's (noteHostChange); the dynamic face has no DiffConfig (the SDK's
//   dynamic provider answers it unimplemented), so there it is the host the resource's state records
//   (recorded-host.ts, RECORDED_HOST_OUTPUT), handed to the diff by withRecordedHost.
//
// Preview-safe: imports nothing of the HTTP client; host-check.ts is loaded only when the host changed.
import { AsyncLocalStorage } from "node:async_hooks";
import { providerSetting, resolveSettings, type Settings } from "../config";
import { CURRENT, type ScopeKind } from "../scope";
import { runFacts } from "./run-facts";
import { containsUnknown } from "./unknown";
import { warn } from "./warn";
import type { ObjectAt } from "./host-check";

const SETTING: { [K in ScopeKind]: "projectId" | "organizationId" } = {
  project: "projectId",
  organization: "organizationId",
};

export interface ScopeDecision {
  /** The resource's own input names another project or organization: the program asks for a replacement. */
  replace: boolean;
  /** The setting names another one than the object's: said at preview, nothing changes. */
  notice?: string;
}

/**
 * A resource's project (or organization) at a diff: `own` is the resource's own input (undefined when it names
 * none), `recorded` the concrete id its object lives in (its state), `noun` what it is ("survey"). Pure.
 */
export function scopeDecision(
  kind: ScopeKind,
  label: string,
  noun: string,
  own: unknown,
  recorded: string,
  settings: Settings,
): ScopeDecision {
  // A project or organization the own input resolves to "@current" is the one the object was created in.
  if (own !== undefined && own !== null)
    return { replace: containsUnknown(own) || (String(own) !== CURRENT && String(own) !== recorded) };
  const setting = SETTING[kind];
  const configured = settings[setting];
  if (configured === undefined || configured === CURRENT || configured === recorded)
    return { replace: false };
  return {
    replace: false,
    notice:
      `${label} stays in ${kind} ${recorded}, where it lives: the provider's ${setting} ` +
      `(${providerSetting(setting)}) is now ${configured}, which places the ${noun}s created from now on. Nothing is ` +
      `created, replaced or deleted for this change. To move this ${noun}, set its own ${setting} to ` +
      `"${configured}" (a replacement).`,
  };
}

/**
 * What a diff replaces for where the object lives: the scope input's name when the resource's own input moves it,
 * "host" when the host changed to another PostHog (replacedByHost), else nothing, with scopeDecision's notice
 * printed when the provider's setting names another project or organization. `at` is where the object is.
 */
export async function placementReplaces(
  kind: ScopeKind,
  label: string,
  noun: string,
  own: unknown,
  at: ObjectAt,
  wayBack?: WayBack,
): Promise<string[]> {
  const recorded = at.kind === "survey" ? at.project : at.organization;
  const { replace, notice } = scopeDecision(kind, label, noun, own, recorded, resolveSettings());
  if (replace) return [SETTING[kind]];
  const host = await replacedByHost(label, noun, at, wayBack);
  if (host.length === 0 && notice) warn(notice);
  return host;
}

// ---- The host

/** The host this provider process served before its config changed (the plugin's DiffConfig), if it changed. */
let previousHost: string | undefined;

/**
 * Called by the plugin's DiffConfig with the old and new hosts as parsed (undefined: not set). DiffConfig runs
 * before Configure, so an unset host is the environment's or the default, as resolveSettings gives it then.
 */
export function noteHostChange(from: string | undefined, to: string | undefined): void {
  const fallback = resolveSettings().host;
  const [a, b] = [from ?? fallback, to ?? fallback];
  previousHost = a !== b ? a : undefined;
}

/**
 * The output the dynamic face keeps the host in, the normalised origin the provider's settings resolved when the
 * object was last written or read (`resolveSettings().host`, never the key). Dynamic face only, like the
 * `__identity` input: the plugin learns the old host from DiffConfig, so its schema and state do not carry it.
 */
export const RECORDED_HOST_OUTPUT = "__host";

/** The host a dynamic resource's state records, for the diff that runs inside `run` (recorded-host.ts). */
const recordedHost = new AsyncLocalStorage<string>();

/**
 * Runs a dynamic-face diff with the host its state records as the host before (`host` undefined: a state written
 * before the host was recorded, taken to be at the current host, so nothing is checked). Each diff has its own,
 * so concurrent diffs of one process never see another's.
 */
export function withRecordedHost<T>(host: string | undefined, run: () => Promise<T>): Promise<T> {
  return host === undefined ? run() : recordedHost.run(host, run);
}

/** A dynamic-face read of a state that records no host (recorded-host.ts): whether it kept what it did not find. */
const unrecordedRead = new AsyncLocalStorage<{ kept: boolean }>();

/**
 * Runs a dynamic-face read of a state written before the host was recorded, and says whether that read kept the
 * object it did not find at the host in force (keptWithoutRecordedHost): such a state is not then recorded at the
 * host in force, which it is not known to be at.
 */
export async function readWithoutRecordedHost<T>(
  run: () => Promise<T>,
): Promise<{ result: T; kept: boolean }> {
  const note = { kept: false };
  const result = await unrecordedRead.run(note, run);
  return { result, kept: note.kept };
}

/**
 * What a read says when the host in force has no object of a state that records no host (an earlier version's,
 * readWithoutRecordedHost): it may live at the PostHog the stack used before, which that version did not record,
 * so it is not known to be deleted and the read keeps it (issue 55, item 9). Undefined outside such a read.
 */
export function keptWithoutRecordedHost(label: string, noun: string, id: string): string | undefined {
  const note = unrecordedRead.getStore();
  if (note === undefined) return undefined;
  note.kept = true;
  const { host } = resolveSettings();
  return (
    `${label}: ${host} has no ${noun} ${id}, and this stack's state, written by an earlier version, does not ` +
    "record which PostHog it lives at, so it is not known to be deleted: refresh keeps it in the state as it is " +
    `and sends it nothing. If this stack used another PostHog before, set ${providerSetting("host")} back to that ` +
    "PostHog and run pulumi refresh, which records where it lives; if it was deleted, remove it from the state " +
    "with pulumi state delete."
  );
}

/**
 * The host the resource's object was at before: the one its state records (dynamic face, withRecordedHost), else
 * the one the provider served before its config changed it in this run (plugin face, noteHostChange).
 */
export function hostBefore(): string | undefined {
  return recordedHost.getStore() ?? previousHost;
}

/**
 * Objects a diff of this run found at another PostHog, by id, with the host they are left at: their replacement
 * leaves them (the seam's delete). A fact of the run, not of this process: the diff runs in the provider the
 * program names now, the old object's delete in the provider its state names, another process when the resource
 * moved to another provider (run-facts.ts).
 */
const leftBehind = runFacts("left-behind");

/** Whether a diff of this run, in any provider process, found the object `id` at another PostHog. */
export function isLeftBehind(id: string): boolean {
  return leftBehind.get(id) !== undefined;
}

/**
 * At a diff after the host changed: whether the object is at the new host (the same PostHog), by its id. Not
 * there: another PostHog, said in a warning naming both hosts; the resource is replaced by a create at the new
 * host and its old object left (isLeftBehind). With `checkKeyAndHost` false the preview must not reach PostHog: the
 * object is taken to be there, and the warning says it was not checked. Returns the replace keys (["host"] or []).
 */
/**
 * What the warning of a move advises to keep managing the object left at `before`, as true after the up that moved
 * it as before it: a kind whose create cannot prove the old object its own (an invite) names what takes it back.
 */
export type WayBack = (before: string) => string;

const setBack: WayBack = (before) => `To keep managing it, set ${providerSetting("host")} back to ${before}.`;

export async function replacedByHost(
  label: string,
  noun: string,
  at: ObjectAt,
  wayBack: WayBack = setBack,
): Promise<string[]> {
  const before = hostBefore();
  const settings = resolveSettings();
  if (before === undefined || before === settings.host) return [];
  if (!settings.checkKeyAndHost) {
    warn(
      `${label}: ${providerSetting("host")} changed from ${before} to ${settings.host}; with checkKeyAndHost false it ` +
        `is not checked whether that is the same PostHog, so ${noun} ${at.id} is taken to be there and nothing ` +
        "is replaced.",
    );
    return [];
  }
  const { objectIsAt } = require("./host-check") as typeof import("./host-check");
  if (await objectIsAt(label, at)) return [];
  leftBehind.note(at.id, before);
  warn(
    `${label}: ${providerSetting("host")} changed from ${before} to ${settings.host}, another PostHog: it has no ` +
      `${missing(noun, at)}. A new ${noun} is created at ${settings.host}; ${noun} ${at.id} at ${before} is left as ` +
      `it is, never deleted, and this stack no longer manages it. ${wayBack(before)}`,
  );
  return ["host"];
}

/**
 * At a read (a refresh) that found nothing at the host in force, when the object's state says it lives at another
 * host (hostBefore): what refresh says instead of "deleted in PostHog", which is not known. The object is looked
 * for by its id where the state says it lives, with the key in force. Found there: refresh removes it from the
 * state and leaves it there, never deleted, and says so; not found there either: undefined (it is gone, the usual
 * words apply). Not checkable (another PostHog's key differs, say): said so, never "deleted".
 */
export async function readAtRecordedHost(
  label: string,
  noun: string,
  at: ObjectAt,
): Promise<string | undefined> {
  const before = hostBefore();
  const { host } = resolveSettings();
  if (before === undefined || before === host) return undefined;
  const { objectIsAt } = require("./host-check") as typeof import("./host-check");
  const leaving =
    `Refresh removes it from this stack's state and leaves it at ${before} as it is, never deleted; the next ` +
    `pulumi up creates it at ${host}. To keep managing it, set ${providerSetting("host")} back to ${before} before ` +
    "the next up.";
  let there: boolean;
  try {
    there = await objectIsAt(label, at, before);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return (
      `${label}: ${host} has no ${noun} ${at.id}; this stack's state says it lives at ${before}, where it could ` +
      `not be looked for (${why}). It is not known to be deleted. ${leaving}`
    );
  }
  if (!there) return undefined;
  leftBehind.note(at.id, before);
  // An invite is looked for by its organization only (host-check.ts): the words say what was found.
  const found =
    at.kind === "survey"
      ? `${noun} ${at.id} is at ${before}`
      : `the organization ${at.organization} of ${noun} ${at.id} is at ${before}`;
  return `${label}: ${found}, where this stack's state says it lives, not at ${host}. ${leaving}`;
}

/**
 * The advice of a write that PostHog answered 404 when the object's state says it lives at another host than the
 * one in force (checkKeyAndHost false: the diff did not look for it): it was not deleted. Undefined otherwise.
 */
export function notFoundAfterMove(noun: string, id: string): string | undefined {
  const before = hostBefore();
  const { host } = resolveSettings();
  if (before === undefined || before === host) return undefined;
  return (
    `${host} has no ${noun} ${id}: this stack's state says it lives at ${before}, and with checkKeyAndHost false ` +
    `the host change was not checked, so it is not known to be deleted. To keep managing it, set ` +
    `${providerSetting("host")} back to ${before} and run pulumi up; to move it, then set ${providerSetting("host")} to ` +
    `${host} with ${providerSetting("checkKeyAndHost")} true: the up creates it there and leaves the one at ${before}.`
  );
}

/**
 * What the new host was found not to have: the survey itself, or, for an invite, its organization (an invite is
 * looked for by its organization: host-check.ts), so the warning never says the host lacks an invite it did not ask
 * for (issue 55, case 10).
 */
function missing(noun: string, at: ObjectAt): string {
  return at.kind === "survey"
    ? `${noun} ${at.id}`
    : `organization ${at.organization}, where ${noun} ${at.id} was`;
}

/** Said by the delete that leaves an object at the old host (after replacedByHost's warning at the diff). */
export function leftBehindNotice(resource: string, id: string, state: { [key: string]: unknown }): string {
  const named = [state.name, state.targetEmail].find((v) => typeof v === "string");
  const who = named === undefined ? resource : `${resource} "${String(named)}"`;
  const recorded = state[RECORDED_HOST_OUTPUT];
  const at = typeof recorded === "string" ? recorded : (leftBehind.get(id) ?? previousHost);
  return (
    `${who}: ${id} is left at ${at ?? "the previous host"}, not deleted: the provider's host is now ` +
    "another PostHog, where this resource now lives (created there, or taken over with adopt)."
  );
}
