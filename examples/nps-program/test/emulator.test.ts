// This example's tests against the PostHog emulator: `pulumi-posthog/testing` starts it and points the provider
// at it; the program runs through the Pulumi SDK and the real dynamic-provider plugin (this repository's engine
// harness, test/support, standing in for `pulumi up`: in a project of your own, the Automation API or the CLI
// with `emulator.config` as stack config). Three surveys with typed questions, branching, targeting, a linked
// flag (made first, as a PostHog user would) and schedules; the responses-count output; what PostHog received.
// The same program under pulumi.runtime.setMocks, with no server at all: mocks.test.ts.
import { startPostHogEmulator, type PostHogEmulator } from "pulumi-posthog/testing";
import { createEngine, startProviderServer, type Engine, type ProviderServer } from "../../../test/support";
import { REPO_ROOT, selfLinkNodePath } from "../../../test/support/self-link";
import { exampleProgram } from "../../../test/examples/example-program";

let emulator: PostHogEmulator;
let plugin: ProviderServer;
let flagId: number;

/** A request to the emulator as a person in PostHog's UI (or a test control under /_emulator) would send it. */
async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${emulator.apiKey}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  emulator = await startPostHogEmulator();
  // The plugin process resolves pulumi-posthog to this repository (NODE_PATH), as an installed program would.
  plugin = await startProviderServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
});
beforeEach(async () => {
  await emulator.reset();
  const flag = await call<{ id: number }>("POST", `/api/projects/${emulator.projectId}/feature_flags/`, {
    key: "new-dashboard",
    name: "New dashboard",
    filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    active: true,
  });
  expect(flag.status).toBe(201);
  flagId = flag.body.id;
  await emulator.clearRequests();
});
afterAll(async () => {
  await plugin?.close();
  await emulator?.close();
});

const PROJECT = "posthog-nps-program";
const program = exampleProgram("nps-program");

/** A stack of this program (Pulumi.yaml's project name scopes its config) on the emulator's settings. */
const newStack = (config: Record<string, string> = {}): Engine =>
  createEngine({
    server: plugin,
    project: PROJECT,
    stack: "test",
    config: { ...emulator.config, "posthog:requestsPerSecond": "0", ...config },
  });

interface EmulatorState {
  surveys: SurveyDump[];
  flags: { id: number }[];
}
const dump = async () => (await call<EmulatorState>("GET", "/_emulator/state")).body;
const writes = async () =>
  (await emulator.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

interface Question {
  id: string;
  type: string;
  branching?: { type: string; responseValues?: Record<string, number | string> };
}
interface SurveyDump {
  id: string;
  name: string;
  type: string;
  schedule: string;
  linked_flag_id: number | null;
  targeting_flag: { id: number; filters: { groups: { rollout_percentage: number }[] } } | null;
  questions: Question[];
  iteration_start_dates: string[] | null;
  responses_limit: number | null;
  enable_partial_responses: boolean;
  end_date: string | null;
}

/** destroy deletes everything the stack holds and leaves its state empty. */
async function destroyAll(engine: Engine): Promise<void> {
  const count = engine.state().length;
  const destroy = await engine.destroy();
  expect(destroy.errors).toEqual([]);
  expect(destroy.steps.filter((s) => s.op === "delete")).toHaveLength(count);
  expect(engine.state()).toEqual([]);
}

const NAMES = ["cancellation-reasons", "feature-feedback", "quarterly-nps"];
const opsOf = (steps: { name: string; op: string }[]) =>
  steps.map((s): [string, string] => [s.name, s.op]).sort((a, b) => a[0].localeCompare(b[0]));

describe("examples/nps-program against the emulator", () => {
  it("previews without writing, creates the surveys as declared, then previews no change", async () => {
    const engine = newStack({ [`${PROJECT}:linkedFlagKey`]: "new-dashboard" });
    const preview = await engine.preview(program);
    expect(preview.errors).toEqual([]);
    expect(opsOf(preview.steps)).toEqual(NAMES.map((name) => [name, "create"]));
    expect(await writes()).toEqual([]);

    const up = await engine.up(program);
    expect(up.errors).toEqual([]);
    // Three POSTs; the feature survey's flag key was resolved through one listing of the project's flags.
    const surveys = `/api/projects/${emulator.projectId}/surveys/`;
    expect(await writes()).toEqual([`POST ${surveys}`, `POST ${surveys}`, `POST ${surveys}`]);
    expect(
      (await emulator.requests()).filter(
        (r) => r.path === `/api/projects/${emulator.projectId}/feature_flags/`,
      ),
    ).toHaveLength(1);

    const byName = new Map((await dump()).surveys.map((s) => [s.name, s]));
    const nps = byName.get("Quarterly NPS")!;
    expect(nps.questions.map((q) => q.type)).toEqual(["rating", "open", "open", "link"]);
    expect(nps.questions[0].branching).toEqual({
      type: "response_based",
      responseValues: { detractors: 1, passives: 2, promoters: 3 },
    });
    expect(nps.schedule).toBe("recurring");
    expect(nps.iteration_start_dates).toHaveLength(4);
    // The release conditions became a targeting flag holding them.
    expect(nps.targeting_flag?.filters.groups[0].rollout_percentage).toBe(50);

    const feature = byName.get("New dashboard feedback")!;
    // Declared by key, written as the id PostHog takes; the stack keeps the key, never a number.
    expect(feature.linked_flag_id).toBe(flagId);
    const declared = engine.state().find((r) => r.name === "feature-feedback")!;
    expect(declared.inputs).toMatchObject({ linkedFlagKey: "new-dashboard" });
    expect(declared.inputs).not.toHaveProperty("linkedFlagId");
    expect(declared.outputs).toMatchObject({ linkedFlagKey: "new-dashboard", linkedFlagId: flagId });
    expect(feature.questions.map((q) => q.type)).toEqual(["single_choice", "multiple_choice"]);
    expect(feature.questions[0].branching?.responseValues).toEqual({ "0": 1, "1": "end" });
    expect(feature.responses_limit).toBe(500);
    expect(Date.parse(feature.end_date!)).toBe(Date.parse("2026-03-31T23:59:59Z"));

    const cancellation = byName.get("Why are you cancelling?")!;
    expect([cancellation.type, cancellation.schedule, cancellation.enable_partial_responses]).toEqual([
      "api",
      "always",
      true,
    ]);
    expect(up.outputs.surveyIds).toEqual({
      nps: nps.id,
      featureFeedback: feature.id,
      cancellation: cancellation.id,
    });

    await emulator.clearRequests();
    const noop = await engine.preview(program);
    expect(noop.errors).toEqual([]);
    expect(noop.steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect(await writes()).toEqual([]);
    await destroyAll(engine);
  });

  it("reports each survey's responses, read from PostHog on every up, without touching the surveys", async () => {
    const engine = newStack();
    const up = await engine.up(program);
    expect(up.errors).toEqual([]);
    expect(up.outputs.responses).toEqual({ nps: 0, featureFeedback: 0, cancellation: 0 });

    // People answer (the emulator's control adds responses); the next up reports it and writes nothing.
    const ids = up.outputs.surveyIds as Record<string, string>;
    await call("POST", `/_emulator/surveys/${ids.nps}/responses`, { count: 12 });
    await call("POST", `/_emulator/surveys/${ids.cancellation}/responses`, { count: 3 });
    await emulator.clearRequests();
    const again = await engine.up(program);
    expect(again.steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect(again.outputs.responses).toEqual({ nps: 12, featureFeedback: 0, cancellation: 3 });
    expect(await writes()).toEqual([]);

    // The surveys that hold responses have deletion protection (the default): destroy deletes the one without any
    // and refuses the two with some, naming each with its count; they stay in PostHog and in the stack.
    const destroy = await engine.destroy();
    expect(destroy.errors.map((e) => e.message).sort()).toEqual([
      expect.stringMatching(
        /^Survey "Quarterly NPS" \(.+\) holds 12 responses \(counted just before its delete\) and has deletion protection, so it was not deleted\./,
      ),
      expect.stringMatching(
        /^Survey "Why are you cancelling\?" \(.+\) holds 3 responses \(counted just before its delete\) and has deletion protection, so it was not deleted\./,
      ),
    ]);
    const after = await dump();
    expect(after.surveys.map((s) => s.id).sort()).toEqual([ids.nps, ids.cancellation].sort());
    expect(engine.state()).toHaveLength(2);
    expect(after.flags.map((f) => f.id)).toContain(flagId); // surveys never delete the flag they link to
  });

  it("fails at up naming a flag key that matches no flag, creating nothing for that survey", async () => {
    const engine = newStack({ [`${PROJECT}:linkedFlagKey`]: "new-dashbaord" });
    const up = await engine.up(program);
    expect(up.errors).toEqual([
      {
        urn: expect.stringContaining("::feature-feedback"),
        message: expect.stringContaining(
          `linkedFlagKey "new-dashbaord" matches no feature flag in project ${emulator.projectId}.`,
        ),
      },
    ]);
    const names = (await dump()).surveys.map((s) => s.name);
    expect(names).not.toContain("New dashboard feedback");
    await destroyAll(engine);
  });

  it("leaves the feature survey unlinked when no flag is configured", async () => {
    const engine = newStack();
    expect((await engine.up(program)).errors).toEqual([]);
    const feature = (await dump()).surveys.find((s) => s.name === "New dashboard feedback");
    expect(feature?.linked_flag_id).toBeNull();
    await destroyAll(engine);
  });
});
