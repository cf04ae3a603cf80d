import { configKey, whereScopeIsSet, whereToSet } from "../config";
import { capped, rememberSecret, scrub } from "../scrub";
import { NON_JSON_ANSWER } from "./describe";

/** The longest PostHog `detail` kept in a message (a 200 KiB detail would not fit a face's message). */
const MAX_DETAIL_CHARS = 1500;
/** The longest path shown: a 100,000-character id is named once, by the caller, not again in the path. */
const MAX_PATH_CHARS = 160;
/** The longest `code`, `type` or `attr` kept: PostHog's are short words. */
const MAX_WORD_CHARS = 200;

export interface PostHogApiErrorInit {
  method: string;
  path: string;
  /** HTTP status; 0 when no response arrived (network error, timeout). */
  status: number;
  type?: string;
  code?: string;
  detail?: string;
  attr?: string | null;
  retryable?: boolean;
  outcomeUnknown?: boolean;
  /** How many attempts were made (shown when > 1). */
  attempts?: number;
}

/** Typed failure of one API call. Never carries the key, the request config or the raw axios error. */
export class PostHogApiError extends Error {
  readonly status: number;
  readonly type?: string;
  readonly code?: string;
  readonly detail?: string;
  readonly attr?: string | null;
  readonly method: string;
  readonly path: string;
  readonly retryable: boolean;
  readonly outcomeUnknown: boolean;

  /** `secrets`: keys to scrub besides those the process already knows (src/scrub.ts). */
  constructor(init: PostHogApiErrorInit, secrets: readonly string[] = []) {
    for (const secret of secrets) rememberSecret(secret);
    // Every field of PostHog's body passes the scrubber: a 400 whose `code` or `attr` echoes the key is as
    // likely as one whose `detail` does.
    const clean: PostHogApiErrorInit = {
      ...init,
      path: elidedPath(scrub(init.path)),
      type: cleanOpt(init.type, MAX_WORD_CHARS),
      code: cleanOpt(init.code, MAX_WORD_CHARS),
      detail: cleanOpt(init.detail, MAX_DETAIL_CHARS),
      attr: init.attr === null ? null : cleanOpt(init.attr, MAX_WORD_CHARS),
    };
    super(buildErrorMessage(clean));
    this.name = "PostHogApiError";
    this.status = init.status;
    this.type = clean.type;
    this.code = clean.code;
    this.detail = clean.detail;
    this.attr = clean.attr;
    this.method = init.method;
    this.path = clean.path;
    this.retryable = init.retryable ?? false;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

function cleanOpt(text: string | undefined, max: number): string | undefined {
  return text === undefined ? undefined : capped(scrub(text), max);
}

/** A long path keeps its start and end; the segment in between (a huge id) is cut. */
function elidedPath(path: string): string {
  if (path.length <= MAX_PATH_CHARS) return path;
  const tail = 24;
  const head = MAX_PATH_CHARS - tail;
  return `${path.slice(0, head)}…(${path.length - MAX_PATH_CHARS} characters)…${path.slice(-tail)}`;
}

/**
 * `PostHog API <METHOD> <path> failed with <status> <code>: <detail> (field: <attr>)`, without a hint: for a
 * caller whose fix differs from the provider's (the export command reads the key from the environment only).
 */
export function describeFailure(e: PostHogApiErrorInit): string {
  const what = `PostHog API ${e.method} ${e.path}`;
  let msg =
    e.status === 0
      ? `${what} failed: ${e.detail ?? "no response"}`
      : `${what} failed with ${e.status}${e.code ? ` ${e.code}` : ""}: ${e.detail ?? "(no detail)"}`;
  if (e.attr) msg += ` (field: ${e.attr})`;
  if (e.attempts !== undefined && e.attempts > 1) msg += ` [after ${e.attempts} attempts]`;
  return msg;
}

/** describeFailure plus the fix that fits a Pulumi program. */
export function buildErrorMessage(e: PostHogApiErrorInit): string {
  const msg = describeFailure(e);
  const hint = hintFor(e);
  return hint ? `${msg.replace(/\.$/, "")}. ${hint}` : msg;
}

function hintFor(e: PostHogApiErrorInit): string | undefined {
  if (e.status === 401) {
    const key = configKey("apiKey");
    return `The PostHog API key is missing or invalid: set ${key} (as a secret: pulumi config set --secret ${key} <key>) or the POSTHOG_API_KEY environment variable`;
  }
  if (e.status === 403) {
    const scope = /scope '([^']+)'/.exec(e.detail ?? "")?.[1];
    if (scope) {
      return `The personal API key lacks the scope '${scope}': create a key with that scope in PostHog (Settings > Personal API keys) and set it as ${configKey("apiKey")}`;
    }
  }
  if (e.outcomeUnknown) {
    // An earlier attempt may have been answered "not applied" (503, 429) and sent again: say so.
    if (e.attempts !== undefined && e.attempts > 1) {
      return `The request went out ${e.attempts} times (the earlier answers said it was not applied); the last got no answer, so it may have been applied, and it was not sent again`;
    }
    return "The request was sent but no answer arrived, so it may have been applied; it was not repeated";
  }
  return hostHint(e) ?? scopeHint(e);
}

/** A failure that says the configured host is wrong (or down): which setting to check. */
function hostHint(e: PostHogApiErrorInit): string | undefined {
  const host = whereToSet("host");
  switch (e.code) {
    case "ENOTFOUND":
      return `Check ${host}; PostHog Cloud is https://us.posthog.com or https://eu.posthog.com`;
    case "ECONNREFUSED":
      return `Check ${host}, and that PostHog (or the emulator) is running there`;
    case "timeout":
      return `Raise ${whereToSet("requestTimeoutMs")} if PostHog is slow, or check ${configKey("host")}`;
  }
  if (e.status === 0 && e.detail?.startsWith("the TLS handshake")) {
    return `If the host serves plain HTTP (as the local emulator does), write http:// in ${host}; otherwise check its certificate`;
  }
  if (e.type === NON_JSON_ANSWER && e.status >= 400 && e.status < 500 && e.status !== 429) {
    return `The host answered without PostHog's JSON error body, so it is probably not PostHog's API: check ${host}`;
  }
  return undefined;
}

/**
 * A 404 on a project's or an organization's own collection (`/api/projects/<id>/surveys/`, never one survey's
 * path, where a 404 means that survey is gone): the project or organization is the one that is not there.
 */
function scopeHint(e: PostHogApiErrorInit): string | undefined {
  if (e.status !== 404 || e.type === NON_JSON_ANSWER) return undefined;
  const match = /^\/api\/(projects|environments|organizations)\/([^/]+)\/[a-z_]+\/(bulk\/)?$/.exec(e.path);
  if (!match) return undefined;
  const [kind, setting] =
    match[1] === "organizations"
      ? (["Organization", "organizationId"] as const)
      : (["Project", "projectId"] as const);
  return `${kind} ${match[2]} does not exist or the key cannot see it: check ${whereScopeIsSet(setting)}`;
}

/**
 * True for PostHog's 404 (e.g. DELETE of something already gone, which callers usually treat as success). A 404
 * without PostHog's JSON body is some other server's: treating it as "gone" would drop the resource from state.
 */
export function isNotFound(err: unknown): err is PostHogApiError {
  return err instanceof PostHogApiError && err.status === 404 && err.type !== NON_JSON_ANSWER;
}

/** True when a POST may have been applied although no usable answer arrived: recover by lookup. */
export function isOutcomeUnknown(err: unknown): err is PostHogApiError {
  return err instanceof PostHogApiError && err.outcomeUnknown;
}
