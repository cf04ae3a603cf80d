// The timeout column of the fault matrix: every operation of every resource type meets a response slower than
// the client's per-attempt timeout. The server still applies the request after the client gave up, as a slow
// real server does. All twelve cells run at once (one `up` for creates and updates, concurrent refresh and
// destroys). The plugin's per-attempt timeout is shortened with POSTHOG_REQUEST_TIMEOUT_MS to keep it quick.
import { Invite, InviteBatch, Survey } from "../../src";
import type { Engine, RunResult } from "../support/engine";
import { EmulatorState, ReliabilityStack, sleep, startReliabilityStack } from "./helpers";

const CLIENT_TIMEOUT_MS = 2_000;
const LATENCY_MS = CLIENT_TIMEOUT_MS + 1_000;

const email = (who: string) => `${who}@timeout.example.com`;
const survey = (name: string, description: string) =>
  // A question without an id carries the mark that proves a survey is this resource's (resources/survey/ownership.ts),
  // so a create whose answer came too late is found as its own.
  new Survey(name, {
    name: `timeout ${name}`,
    description,
    type: "popover",
    questions: [{ type: "open", question: "Why?" }],
  });
const invite = (name: string, firstName: string) =>
  new Invite(name, { targetEmail: email(name), firstName, sendEmail: false });
const batch = (name: string, people: string[]) =>
  new InviteBatch(name, { invites: people.map((p) => ({ targetEmail: email(p) })), sendEmail: false });

/** Before the faults: what exists already. */
const before = {
  main: () => {
    survey("s-update", "v1");
    invite("i-update", "One");
    batch("b-update", ["ua", "ub"]);
  },
  read: () => {
    survey("s-read", "v1");
    invite("i-read", "One");
    batch("b-read", ["ra", "rb"]);
  },
  deleteSurvey: () => survey("s-delete", "v1"),
  deleteInvite: () => invite("i-delete", "One"),
  deleteBatch: () => batch("b-delete", ["da", "db"]),
};

/** The faulted `up`: three creates and three updates (the invite's sends a new invite; the batch only adds). */
const mainAfter = () => {
  survey("s-create", "v1");
  survey("s-update", "v2");
  invite("i-create", "One");
  invite("i-update", "Two");
  batch("b-create", ["ca", "cb"]);
  batch("b-update", ["ua", "ub", "uc"]);
};

const slow = (method: string, path: string, times: number) => ({
  method,
  path,
  times,
  latencyMs: LATENCY_MS,
});
const FAULTS = [
  slow("POST", "/surveys/?$", 1),
  slow("PATCH", "/surveys/[^/]+/?$", 1),
  slow("GET", "/surveys/[^/]+/?$", 1),
  slow("DELETE", "/surveys/[^/]+/?$", 1),
  slow("POST", "/invites/?$", 2), // i-create, i-update's new invite
  slow("POST", "/invites/bulk/?$", 2), // b-create, b-update's added person
  slow("GET", "/invites/?$", 1), // the listing i-read and b-read share
  slow("DELETE", "/invites/(?!bulk)[^/]+/?$", 3), // i-delete, da, db
];

let rs: ReliabilityStack;
const engines: Record<string, Engine> = {};
const results: Record<string, RunResult> = {};
let injected = 0;
/** What state pointed at that no longer existed, right after the faulted runs. */
let staleAfterRun: string[] = [];
let converged = false;

beforeAll(async () => {
  rs = await startReliabilityStack({ env: { POSTHOG_REQUEST_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS) } });
  for (const [name, program] of Object.entries(before)) {
    engines[name] = rs.newEngine();
    const setup = await engines[name].up(program);
    expect(setup.errors).toEqual([]);
  }
  await rs.stack.clearRequests();
  await rs.stack.control("POST", "/faults", { faults: FAULTS });
  const started = Date.now();
  const [main, read, ...deletes] = await Promise.all([
    engines.main.up(mainAfter),
    engines.read.refresh(),
    engines.deleteSurvey.destroy(),
    engines.deleteInvite.destroy(),
    engines.deleteBatch.destroy(),
  ]);
  Object.assign(results, {
    main,
    read,
    deleteSurvey: deletes[0],
    deleteInvite: deletes[1],
    deleteBatch: deletes[2],
  });
  // The slow originals are still being applied after the client gave up: wait for the last of them.
  await sleep(Math.max(0, started + LATENCY_MS + 1_000 - Date.now()));
  await rs.stack.control("DELETE", "/faults");
  injected = (await rs.stack.requests()).filter(
    (r) => Date.parse(r.time) - started >= LATENCY_MS - 50,
  ).length;
  staleAfterRun = await danglingIds();
});
afterEach(() => rs.expectNoKeyLeaked());
afterAll(async () => {
  console.log(summary());
  await rs?.close();
});

const CELLS: [string, string, string][] = [
  ["Survey", "create", "s-create"],
  ["Survey", "read", "s-read"],
  ["Survey", "update", "s-update"],
  ["Survey", "delete", "s-delete"],
  ["Invite", "create", "i-create"],
  ["Invite", "read", "i-read"],
  ["Invite", "update", "i-update"],
  ["Invite", "delete", "i-delete"],
  ["InviteBatch", "create", "b-create"],
  ["InviteBatch", "read", "b-read"],
  ["InviteBatch", "update", "b-update"],
  ["InviteBatch", "delete", "b-delete"],
];

function summary(): string {
  const failedRuns = Object.values(results).flatMap((r) => r.errors.map((e) => e.urn.split("::").pop()));
  const lines = CELLS.map(([type, op, name]) => {
    const stale = staleAfterRun.filter((l) => l.includes(`: ${name} `));
    const outcome = failedRuns.includes(name)
      ? "FAILED (error)"
      : stale.length === 0
        ? "absorbed"
        : `reported success with stale state (${stale.length} id(s) replaced by the late original); ` +
          (converged ? "converged after refresh + up" : "did NOT converge");
    return `  ${type.padEnd(11)} ${op.padEnd(6)} timeout  ${outcome}`;
  });
  const survived = lines.filter((l) => l.endsWith("absorbed")).length;
  return [
    `timeout column: ${injected} slow responses injected (${LATENCY_MS} ms against a ${CLIENT_TIMEOUT_MS} ms client timeout); ` +
      `${survived} of ${CELLS.length} operations survived cleanly`,
    ...lines,
  ].join("\n");
}

/** What the emulator holds, as name -> description (surveys) and email -> first name (invites). */
function held(state: EmulatorState) {
  return {
    surveys: Object.fromEntries(state.surveys.map((s) => [s.name, s.description])),
    invites: Object.fromEntries(state.invites.map((i) => [i.target_email, i.first_name])),
  };
}

/** Every id an engine's state points at that the emulator does not have: "engine: resource (email) -> id". */
async function danglingIds(): Promise<string[]> {
  const now = await rs.emulatorState();
  const ids = new Set([...now.surveys.map((s) => s.id), ...now.invites.map((i) => i.id)]);
  const dangling: string[] = [];
  for (const [name, engine] of Object.entries(engines)) {
    for (const r of engine.state()) {
      const pointsAt = r.type.endsWith(":InviteBatch")
        ? Object.entries(r.outputs.invitations as Record<string, { inviteId: string }>).map(([e, i]) => [
            e,
            i.inviteId,
          ])
        : // An Invite re-invited in place keeps its id; `inviteId` is the invite it stands for now.
          [[r.name, typeof r.outputs.inviteId === "string" ? r.outputs.inviteId : r.id]];
      for (const [what, id] of pointsAt) {
        if (!ids.has(id)) dangling.push(`${name}: ${r.name} ${what === r.name ? "" : `(${what}) `}-> ${id}`);
      }
    }
  }
  return dangling.sort();
}

const expected = {
  surveys: { "timeout s-create": "v1", "timeout s-update": "v2", "timeout s-read": "v1" },
  invites: {
    [email("i-create")]: "One",
    [email("i-update")]: "Two",
    [email("i-read")]: "One",
    ...Object.fromEntries(["ca", "cb", "ua", "ub", "uc", "ra", "rb"].map((p) => [email(p), ""])),
  },
};

describe("responses slower than the client timeout", () => {
  it("were injected into all twelve operations", () => {
    expect(injected).toBeGreaterThanOrEqual(12);
  });

  it("every run reports success, and the emulator holds exactly what was declared", async () => {
    for (const result of Object.values(results)) expect(result.errors).toEqual([]);
    expect(held(await rs.emulatorState())).toEqual(expected);
  });

  // A create whose answer timed out is looked up for about one more timeout before it is sent again, so the
  // slow original is found instead of replacing (invites) or clashing with (surveys) a second copy.
  it("state points at what exists right after the run (no silent success)", () => {
    expect(staleAfterRun).toEqual([]);
  });

  it("a refresh and another up converge: exactly the declared objects, and state points at them", async () => {
    for (const engine of Object.values(engines)) expect((await engine.refresh()).errors).toEqual([]);
    expect((await engines.main.up(mainAfter)).errors).toEqual([]);
    expect((await engines.read.up(before.read)).errors).toEqual([]);
    expect(held(await rs.emulatorState())).toEqual(expected);
    expect(await danglingIds()).toEqual([]);
    converged = true;
  });
});
