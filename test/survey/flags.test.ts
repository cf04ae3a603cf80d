// Linked and targeting flags: the flags PostHog creates, merges and deletes as the program changes.
import { Survey, SurveyArgs } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

interface Flag {
  id: number;
  key: string;
  filters: { groups: unknown[] };
}
interface ServerSurvey {
  linked_flag: Flag | null;
  targeting_flag: Flag | null;
  internal_targeting_flag: Flag | null;
}

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("flagged", args);
  return { surveyId: survey.surveyId, targetingFlag: survey.targetingFlag };
};

async function serverSurvey(id: string) {
  return (await stack.api<ServerSurvey>("GET", `/api/projects/${stack.projectId}/surveys/${id}/`)).body;
}

describe("survey flags", () => {
  it("links a flag, creates, updates and removes the targeting flag", async () => {
    const flag = await stack.api<Flag>("POST", `/api/projects/${stack.projectId}/feature_flags/`, {
      key: "beta-users",
      name: "Beta users",
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(flag.status).toBe(201);
    const engine = stack.newEngine();
    const groups = [
      {
        properties: [{ key: "plan", value: ["pro"], operator: "exact", type: "person" }],
        rollout_percentage: 50,
      },
    ];
    const args: SurveyArgs = {
      name: "Flagged",
      type: "popover",
      linkedFlagId: flag.body.id,
      targetingFlagFilters: { groups },
    };
    const up = await engine.up(program(args));
    expect(up.errors).toEqual([]);
    const id = String(up.outputs.surveyId);
    let survey = await serverSurvey(id);
    expect(survey.linked_flag?.id).toBe(flag.body.id);
    // PostHog's flag serializer stores aggregation_group_type_index in every group.
    expect(survey.targeting_flag?.filters.groups).toEqual(
      groups.map((g) => ({ ...g, aggregation_group_type_index: null })),
    );
    expect(survey.internal_targeting_flag).not.toBeNull();
    expect((await engine.preview(program(args))).steps.map((s) => s.op)).toEqual(["same"]);

    // New release conditions: one PATCH of the write-only filters, the same flag updated.
    const narrower = [{ ...groups[0], rollout_percentage: 10 }];
    await stack.clearRequests();
    await engine.up(program({ ...args, targetingFlagFilters: { groups: narrower } }));
    const patch = (await stack.requests()).filter((r) => r.method === "PATCH");
    expect(patch.map((r) => r.body)).toEqual([{ targeting_flag_filters: { groups: narrower } }]);
    const flagId = survey.targeting_flag?.id;
    survey = await serverSurvey(id);
    expect(survey.targeting_flag).toMatchObject({ id: flagId, filters: { groups: narrower } });

    // Dropping the filters from the program removes the targeting flag they created.
    const withoutTargeting = { ...args, targetingFlagFilters: undefined };
    await stack.clearRequests();
    await engine.up(program(withoutTargeting));
    expect((await stack.requests()).filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      { remove_targeting_flag: true },
    ]);
    expect((await serverSurvey(id)).targeting_flag).toBeNull();
    expect((await engine.preview(program(withoutTargeting))).steps.map((s) => s.op)).toEqual(["same"]);

    // Unlinking the flag sends an explicit null.
    const unlinked = { ...withoutTargeting, linkedFlagId: null };
    await stack.clearRequests();
    await engine.up(program(unlinked));
    expect((await stack.requests()).filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([
      { linked_flag_id: null },
    ]);
    expect((await serverSurvey(id)).linked_flag).toBeNull();
    await engine.destroy();
  });

  it("reports a targeting flag deleted outside Pulumi as drift and restores it", async () => {
    const engine = stack.newEngine();
    const args: SurveyArgs = {
      name: "Targeting drift",
      type: "popover",
      targetingFlagFilters: { groups: [{ properties: [], rollout_percentage: 30 }] },
    };
    const up = await engine.up(program(args));
    const id = String(up.outputs.surveyId);
    await stack.api("PATCH", `/api/projects/${stack.projectId}/surveys/${id}/`, {
      remove_targeting_flag: true,
    });
    const refresh = await engine.refresh();
    expect(refresh.steps.map((s) => [s.op, s.changedKeys])).toEqual([["refresh", ["targetingFlagFilters"]]]);
    const again = await engine.up(program(args));
    expect(again.steps.map((s) => s.op)).toEqual(["update"]);
    expect((await serverSurvey(id)).targeting_flag?.filters.groups).toEqual(
      (args.targetingFlagFilters as { groups: object[] }).groups.map((g) => ({
        ...g,
        aggregation_group_type_index: null,
      })),
    );
    await engine.destroy();
  });
});

describe("values not known at preview", () => {
  it("a survey fed by another survey's output previews and applies", async () => {
    const engine = stack.newEngine();
    const chained = (suffix: string) => () => {
      const first = new Survey("first", { name: `Chained first ${suffix}`, type: "popover" });
      const second = new Survey("second", {
        name: "Chained second",
        type: "popover",
        description: first.surveyId.apply((id) => `follows ${id}`),
      });
      return { second: second.description };
    };
    const preview = await engine.preview(chained("a"));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => [s.name, s.op])).toEqual([
      ["first", "create"],
      ["second", "create"],
    ]);
    const up = await engine.up(chained("a"));
    expect(up.errors).toEqual([]);
    const firstId = engine.state().find((r) => r.name === "first")!.id;
    expect(up.outputs.second).toBe(`follows ${firstId}`);
    // Renaming the first survey is an update (its id is kept), so the second stays the same.
    const rename = await engine.preview(chained("b"));
    expect(rename.errors).toEqual([]);
    expect(rename.steps.find((s) => s.name === "first")?.op).toBe("update");
    await engine.up(chained("b"));
    expect((await engine.preview(chained("b"))).steps.map((s) => s.op)).toEqual(["same", "same"]);
    await engine.destroy();
  });
});
