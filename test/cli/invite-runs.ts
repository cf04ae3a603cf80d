// What the invite CLI tests (invite-acceptance, invite-ownership) share: the resources a step declares, the CLI
// run whose failure is recorded rather than thrown, the addresses a request invites, and how often a line is said
// in each half of an `up`.
import type { CliStack } from "./program-folder";
import type { LoggedRequest } from "../support/stack";

/** One resource a step's program declares (`after`: the resource it waits for). */
export interface Declared {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  after?: string;
}

export const invite = (name: string, email: string, more: Record<string, unknown> = {}): Declared => ({
  kind: "Invite",
  name,
  args: { targetEmail: email, sendEmail: false, ...more },
});

/** The email addresses a request invites (one for an invite POST, each person of a bulk POST). */
export function invitedBy(r: LoggedRequest): string[] {
  if (r.method !== "POST" || !/\/invites\/(bulk\/)?$/.test(r.path)) return [];
  const bodies = Array.isArray(r.body) ? r.body : [r.body];
  return bodies.map((b) => String((b as { target_email: string }).target_email));
}

/** `pulumi <args> --stack <name>`: its stdout and stderr, and whether it failed (a failure is not thrown). */
export async function runOn(
  stack: CliStack,
  stackName: string,
  args: string[],
): Promise<{ output: string; failed: boolean }> {
  try {
    const done = await stack.cli(...args, "--stack", stackName);
    return { output: `${done.stdout}\n${done.stderr}`, failed: false };
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    return { output: `${e.stdout ?? ""}\n${e.stderr ?? ""}`, failed: true };
  }
}

/** A request as a transcript line: method, path (the organization id as `:org`), status, whom it invites. */
export const requestLine = (r: LoggedRequest, organizationId: string): string => {
  const who = invitedBy(r);
  return `${r.method} ${r.path.replace(organizationId, ":org")} ${r.status}${who.length > 0 ? ` ${who.join(", ")}` : ""}`;
};

/** How many lines of `part` hold `text`: all of them, and those of its "Diagnostics:" section. */
function count(part: string, text: string): { lines: number; diagnostics: number } {
  const holding = (s: string) => s.split("\n").filter((l) => l.includes(text)).length;
  const at = part.indexOf("\nDiagnostics:");
  return { lines: holding(part), diagnostics: at < 0 ? 0 : holding(part.slice(at)) };
}

/**
 * How often `text` is said in the preview and in the update of one `up` (`pulumi up --yes` prints the preview
 * under "Previewing update (<stack>):", then the update under "Updating (<stack>):"; with --skip-preview only the
 * latter). The CLI's non-interactive display shows a message beside its step as it comes, and again in the part's
 * "Diagnostics:" section (pulumi/pulumi pkg/backend/display/progress.go), so "said once" is one line there; `lines`
 * counts every line of the part, for "never said".
 */
export function said(
  output: string,
  text: string,
): { preview: { lines: number; diagnostics: number }; update: { lines: number; diagnostics: number } } {
  const start = output.indexOf("Previewing update (");
  const updating = output.indexOf("Updating (");
  const preview = start < 0 ? "" : output.slice(start, updating < 0 ? undefined : updating);
  const update = updating < 0 ? "" : output.slice(updating);
  return { preview: count(preview, text), update: count(update, text) };
}

/**
 * The resource a line holding `text` is shown under in the update's "Diagnostics:" section (its heading, e.g.
 * `pulumi-nodejs:dynamic/posthog:Invite (lev)`), or undefined when no line there holds it.
 */
export function shownUnder(output: string, text: string): string | undefined {
  const updating = output.indexOf("Updating (");
  const part = updating < 0 ? "" : output.slice(updating);
  const at = part.indexOf("\nDiagnostics:");
  if (at < 0) return undefined;
  let heading: string | undefined;
  for (const line of part.slice(at).split("\n")) {
    const head = /^ {2}(\S.*):$/.exec(line);
    if (head) heading = head[1];
    else if (line.includes(text)) return heading;
  }
  return undefined;
}
