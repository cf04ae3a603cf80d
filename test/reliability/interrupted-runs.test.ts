// Issue 20: an `up` killed after any request PostHog received, then run again from the state the engine kept.
// For every kill point N of a clean run (counted from its own request log, so a change in what a step sends
// changes N's range, not this test): each object exists once, each person got exactly one invitation POST over
// both runs, and the preview after the second run is clean and sends nothing. Prints the interrupted-run table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Invite, InviteBatch, Survey } from "../../src";
import type { Program } from "../support/engine";
import { newRun, received, upKilledAfter } from "../support/kill-point";
import { LoggedRequest, startStack, TestStack } from "../support/stack";

const EMAILS = ["solo@example.com", "team-a@example.com", "team-b@example.com", "team-c@example.com"];
const SURVEYS = ["Interrupted draft", "Interrupted launch"];

const program: Program = () => {
  new Survey("draft", {
    name: SURVEYS[0],
    type: "api",
    questions: [{ type: "open", question: "Anything to add?" }],
  });
  new Survey("launched", {
    name: SURVEYS[1],
    type: "popover",
    status: "running",
    questions: [{ type: "rating", question: "How likely are you to recommend us?", scale: 10 }],
  });
  new Invite("solo", { targetEmail: EMAILS[0], level: "member" });
  new InviteBatch("team", { invites: EMAILS.slice(1).map((targetEmail) => ({ targetEmail })) });
};

interface Held {
  surveys: { name: string }[];
  invites: { target_email: string; is_expired?: boolean }[];
}

/** What PostHog must hold after every kill point and the re-run. */
const ONE_EACH = { surveys: [1, 1], pending: [1, 1, 1, 1], posts: [1, 1, 1, 1] };

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  stack = await startStack();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-interrupted-"));
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const shortPath = (r: LoggedRequest) =>
  `${r.method} ${r.path.replace(/\/api\/(projects|organizations)\/[^/]+/, "").replace(/[0-9a-f-]{36}/g, ":id")}`;

/** Invitation POSTs PostHog received per email (single and bulk). */
function invitationPosts(requests: LoggedRequest[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(EMAILS.map((e) => [e, 0]));
  for (const r of received(requests)) {
    if (r.method !== "POST" || !/\/invites\/(bulk\/)?$/.test(r.path)) continue;
    const bodies = Array.isArray(r.body) ? r.body : [r.body];
    for (const b of bodies as { target_email?: string }[])
      if (b.target_email) counts[b.target_email] = (counts[b.target_email] ?? 0) + 1;
  }
  return counts;
}

/** The resources whose warnings say they took over what the interrupted run made. */
function takenOver(stderr: string): string[] {
  return stderr
    .split("\n")
    .filter((line) => line.includes("took over"))
    .map((line) => /^warning: (Survey "[^"]*"|Invite "[^"]*"|InviteBatch)/.exec(line)?.[1] ?? line);
}

/** The resource a create request belongs to (undefined for other requests). */
function createdBy(r: LoggedRequest): string | undefined {
  if (r.method !== "POST") return undefined;
  const body = r.body as { name?: string; target_email?: string };
  if (/\/surveys\/$/.test(r.path)) return `Survey "${body.name}"`;
  if (/\/invites\/bulk\/$/.test(r.path)) return "InviteBatch";
  if (/\/invites\/$/.test(r.path)) return `Invite "${body.target_email}"`;
  return undefined;
}

const count = <T>(items: T[], key: (t: T) => string, names: string[]) =>
  names.map((n) => items.filter((i) => key(i) === n).length);

async function reset(): Promise<string> {
  await stack.control("POST", "/reset");
  const statePath = path.join(dir, `state-${Math.random().toString(36).slice(2)}.json`);
  return statePath;
}

/** One clean `up`: the requests it sends are the kill points. */
async function cleanRun(): Promise<LoggedRequest[]> {
  const statePath = await reset();
  const { server, engine } = await newRun(stack, statePath);
  const up = await engine.up(program);
  await server.close();
  expect(up.errors).toEqual([]);
  return received(await stack.requests());
}

test("an up killed after any request converges on the next up: one of each, one invitation each", async () => {
  const clean = await cleanRun();
  expect(clean.length).toBeGreaterThan(0);
  const table: string[] = [
    "| N | request N (never answered) | re-run took over | surveys (draft, launch) | pending invites (solo, a, b, c) | invitation POSTs over both runs (solo, a, b, c) | next preview |",
    "|---|---|---|---|---|---|---|",
  ];
  const failures: string[] = [];
  for (let n = 1; n <= clean.length; n++) {
    const statePath = await reset();
    const killed = await upKilledAfter(stack, statePath, program, n);
    expect(killed.killed).toBe(true);

    const killedRequests = received(await stack.requests()).length;
    const { server, engine } = await newRun(stack, statePath);
    const again = await engine.up(program);
    const tookOver = takenOver(server.stderr());
    const requests = await stack.requests();
    await stack.clearRequests();
    const quiet = await stack.newEngine({ statePath }).preview(program);
    const previewRequests = received(await stack.requests()).length;
    await server.close();

    const held = await stack.control<Held>("GET", "/state");
    const surveys = count(held.surveys, (s) => s.name, SURVEYS);
    const pending = count(
      held.invites.filter((i) => !i.is_expired),
      (i) => i.target_email,
      EMAILS,
    );
    const posts = EMAILS.map((e) => invitationPosts(requests)[e]);
    const changes = quiet.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.name}`);
    const nth = received(requests)[n - 1];
    expect(killedRequests).toBe(n); // nothing after request N took effect
    // Request N's answer never reached the plugin: what it created must have been taken over.
    const lost = createdBy(nth);
    if (lost && !tookOver.includes(lost))
      failures.push(`N=${n}: ${lost} was not taken over (${tookOver.join(", ")})`);
    table.push(
      `| ${n} | ${shortPath(nth)} | ${tookOver.join(", ") || "-"} | ${surveys.join(", ")} | ${pending.join(", ")} | ${posts.join(", ")} | ` +
        `${changes.length === 0 ? "no changes" : changes.join("; ")}, ${previewRequests} requests |`,
    );
    const errors = [...again.errors, ...quiet.errors].map((e) => e.message);
    const outcome = { errors, surveys, pending, posts, changes, previewRequests };
    const expected = { ...ONE_EACH, errors: [], changes: [], previewRequests: 0 };
    if (!isDeepStrictEqual(outcome, expected)) failures.push(`N=${n}: ${JSON.stringify(outcome)}`);
  }
  console.log(`interrupted runs (${clean.length} kill points):\n${table.join("\n")}`);
  expect(failures).toEqual([]);
});
