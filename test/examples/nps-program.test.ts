// examples/nps-program under the harness against the emulator: three surveys with typed questions, branching,
// targeting, a linked flag (made first, as a PostHog user would) and schedules; the responses-count output.
import { destroyAll, dump, exampleEngine, exampleProgram, previewUpNoop, useStack } from "./example-program";

const stack = useStack();
let flagId: number;
beforeEach(async () => {
  const flag = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/feature_flags/`, {
    key: "new-dashboard",
    name: "New dashboard",
    filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    active: true,
  });
  expect(flag.status).toBe(201);
  flagId = flag.body.id;
});

const PROJECT = "posthog-nps-program";
const program = exampleProgram("nps-program");

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

describe("examples/nps-program", () => {
  it("creates the surveys as declared, reports responses, and destroys them (not the linked flag)", async () => {
    const engine = exampleEngine(stack, PROJECT, { [`${PROJECT}:linkedFlagKey`]: "new-dashboard" });
    const up = await previewUpNoop(stack, engine, program, [
      "quarterly-nps",
      "feature-feedback",
      "cancellation-reasons",
    ]);

    const state = await dump(stack);
    const byName = new Map((state.surveys as unknown as SurveyDump[]).map((s) => [s.name, s]));
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

    const ids = up.outputs.surveyIds as Record<string, string>;
    expect(ids).toEqual({ nps: nps.id, featureFeedback: feature.id, cancellation: cancellation.id });
    expect(up.outputs.responses).toEqual({ nps: 0, featureFeedback: 0, cancellation: 0 });

    // People answer; the next up reports it without touching the surveys.
    await stack.control("POST", `/surveys/${nps.id}/responses`, { count: 12 });
    await stack.control("POST", `/surveys/${cancellation.id}/responses`, { count: 3 });
    const again = await engine.up(program);
    expect(again.steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect(again.outputs.responses).toEqual({ nps: 12, featureFeedback: 0, cancellation: 3 });

    await destroyAll(stack, engine);
    const after = await dump(stack);
    expect(after.surveys).toEqual([]);
    expect(after.flags.map((f) => f.id)).toEqual([flagId]); // surveys never delete the flag they link to
  });

  it("fails at up naming a flag key that matches no flag, creating nothing for that survey", async () => {
    const engine = exampleEngine(stack, PROJECT, { [`${PROJECT}:linkedFlagKey`]: "new-dashbaord" });
    const up = await engine.up(program);
    expect(up.errors).toEqual([
      {
        urn: expect.stringContaining("::feature-feedback"),
        message: expect.stringContaining(
          `linkedFlagKey "new-dashbaord" matches no feature flag in project ${stack.projectId}.`,
        ),
      },
    ]);
    const names = (await dump(stack)).surveys.map((s) => s.name);
    expect(names).not.toContain("New dashboard feedback");
    await destroyAll(stack, engine);
  });

  it("leaves the feature survey unlinked when no flag is configured", async () => {
    const engine = exampleEngine(stack, PROJECT);
    expect((await engine.up(program)).errors).toEqual([]);
    const feature = (await dump(stack)).surveys.find((s) => s.name === "New dashboard feedback");
    expect(feature?.linked_flag_id).toBeNull();
    await destroyAll(stack, engine);
  });
});
