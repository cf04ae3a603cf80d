// The check of issue 55's item 1: each promise a test's CLI runs printed (src/message-promises.ts) against the
// requests the test's emulators received (the emulators' request tap, posthog-emulator's REQUEST_TAP_ENV). Pure:
// the runs and the requests in, the broken promises out (test/setup/promise-check.ts runs it after each test).
import type { TappedRequest } from "posthog-emulator";
import { MESSAGE_PROMISES, type Forbidden, type MessagePromise } from "../../src/message-promises";
import type { CliRun } from "./cli-runs";

/** A promise one run printed, with the values its pattern named. */
export interface Printed {
  promise: MessagePromise;
  run: CliRun;
  text: string;
  groups: Record<string, string>;
}

/** Every registered promise each run printed, once per distinct text per run (a message shows in the progress and again under Diagnostics). */
export function printedPromises(runs: readonly CliRun[]): Printed[] {
  const found: Printed[] = [];
  for (const run of runs) {
    // The CLI indents and may break a long diagnostic: the words are matched across line breaks.
    const output = run.output.replace(/\s*\n\s*/g, " ");
    for (const promise of MESSAGE_PROMISES) {
      if (promise.forbids === undefined) continue;
      const seen = new Set<string>();
      for (const m of output.matchAll(new RegExp(promise.pattern.source, "g"))) {
        if (seen.has(m[0])) continue;
        seen.add(m[0]);
        found.push({ promise, run, text: m[0], groups: { ...(m.groups ?? {}) } });
      }
    }
  }
  return found;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** A PostHog's address as one key: scheme-less host and port, every loopback spelling as one. */
export function hostKey(url: string): string {
  try {
    const u = new URL(url);
    const host = LOOPBACK.has(u.hostname) ? "loopback" : u.hostname;
    return `${host}:${u.port || (u.protocol === "https:" ? "443" : "80")}`;
  } catch {
    return url;
  }
}

/** The object id a path names as its last segment (`…/surveys/<id>/`, `…/members/<uuid>/`). */
const lastSegment = (p: string): string | undefined => p.split("/").filter(Boolean).pop();

/** A state id as PostHog's path names the object: a member's state id is `member:<uuid>`. */
const pathId = (id: string): string => id.replace(/^member:/, "");

const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** The addresses an invite POST sends to: one, or each of a bulk invite. */
function invitedAddresses(r: TappedRequest): string[] {
  if (r.method !== "POST" || !/\/invites\/(?:bulk\/)?$/.test(r.path)) return [];
  const bodies = Array.isArray(r.body) ? r.body : [r.body];
  return bodies.flatMap((b) =>
    b !== null && typeof b === "object" && !Array.isArray(b) && typeof b.target_email === "string"
      ? [b.target_email.toLowerCase()]
      : [],
  );
}

/** The names a write's body gives: a survey's name, an invite's address (each of a bulk invite). */
function namesOf(r: TappedRequest): string[] {
  const bodies = Array.isArray(r.body) ? r.body : [r.body];
  return bodies.flatMap((b) =>
    b !== null && typeof b === "object" && !Array.isArray(b)
      ? [b.name, b.target_email].flatMap((v) => (typeof v === "string" ? [v.toLowerCase()] : []))
      : [],
  );
}

/** Every member uuid → email any answer of the test showed (a member listing or a member). */
function memberEmails(requests: readonly TappedRequest[]): Map<string, string> {
  const emails = new Map<string, string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") {
      const user = (value as { user?: { uuid?: unknown; email?: unknown } }).user;
      if (user && typeof user.uuid === "string" && typeof user.email === "string")
        emails.set(user.uuid, user.email.toLowerCase());
      Object.values(value).forEach(visit);
    }
  };
  requests.forEach((r) => visit(r.response));
  return emails;
}

/** Whether `r` is what `forbids` (with the printed values) rules out. */
function breaks(
  forbids: Forbidden,
  groups: Record<string, string>,
  r: TappedRequest,
  members: Map<string, string>,
): boolean {
  // What a request did, not what it tried: a request PostHog refused changed nothing (the "already a member" warning
  // follows the POST PostHog answered 400).
  if (r.status >= 400) return false;
  const at = (name: string | undefined) =>
    name === undefined || hostKey(groups[name] ?? "") === hostKey(r.url);
  switch (forbids.kind) {
    case "delete":
      return (
        r.method === "DELETE" && lastSegment(r.path) === pathId(groups[forbids.id] ?? "") && at(forbids.at)
      );
    case "write-to":
      return (
        WRITES.has(r.method) && lastSegment(r.path) === pathId(groups[forbids.id] ?? "") && at(forbids.at)
      );
    case "invite-post":
      // The POST that made the pending invite the message names (another stack's, in a concurrent run) is not a
      // second invitation: only a POST answered with another invite's id is.
      if (groups.id !== undefined && createdId(r) === groups.id) return false;
      return invitedAddresses(r).includes((groups[forbids.email] ?? "").toLowerCase());
    case "write-named":
      return (
        (r.method === "POST" || r.method === "PATCH") &&
        namesOf(r).includes((groups[forbids.name] ?? "").toLowerCase())
      );
    case "member-removal": {
      if (r.method !== "DELETE" || !/\/members\/[^/]+\/$/.test(r.path)) return false;
      const uuid = lastSegment(r.path) ?? "";
      return members.get(uuid) === (groups[forbids.email] ?? "").toLowerCase();
    }
    case "any-write":
      return WRITES.has(r.method);
  }
}

/** The id of the object a POST created, as PostHog answered it. */
function createdId(r: TappedRequest): string | undefined {
  const body = r.response;
  return r.method === "POST" &&
    typeof body === "object" &&
    body !== null &&
    "id" in body &&
    typeof body.id === "string"
    ? body.id
    : undefined;
}

/** The requests a promise printed in `run` holds over. */
function windowOf(p: Printed, runs: readonly CliRun[], requests: readonly TappedRequest[]): TappedRequest[] {
  const time = (r: TappedRequest) => Date.parse(r.time);
  const within = (run: CliRun) =>
    requests.filter((r) => time(r) >= run.startedAt && time(r) <= (run.endedAt ?? Number.POSITIVE_INFINITY));
  switch (p.promise.window) {
    case "this run":
      return within(p.run);
    case "from then on":
      return requests.filter((r) => time(r) >= p.run.startedAt);
    case "next up": {
      const next = runs.find((run) => run.startedAt > p.run.startedAt && run.args[0] === "up");
      return next ? within(next) : [];
    }
  }
}

/** Each promise the runs printed that the requests broke, said with the request that broke it. */
export function brokenPromises(runs: readonly CliRun[], requests: readonly TappedRequest[]): string[] {
  const members = memberEmails(requests);
  const broken: string[] = [];
  for (const p of printedPromises(runs)) {
    const { forbids } = p.promise;
    if (forbids === undefined) continue;
    const breaking = windowOf(p, runs, requests).filter((r) => breaks(forbids, p.groups, r, members));
    const allowed = forbids.kind === "invite-post" ? (forbids.allowed ?? 0) : 0;
    if (breaking.length <= allowed) continue;
    broken.push(
      `\`pulumi ${p.run.args.join(" ")}\` said "${p.text}" (${p.promise.source}), and PostHog then received ` +
        `(${p.promise.window}):\n${breaking.map((r) => `  ${r.method} ${r.url}${r.path} ${r.status}`).join("\n")}`,
    );
  }
  return broken;
}
