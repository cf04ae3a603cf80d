// Flags named by key through the real plugin against the emulator: one PATCH per move, previews that send
// nothing, and the named errors for an unknown key (at up) and for an id declared with a key (at check).
import { Survey, SurveyArgs } from "../../src";
import type { WireSurvey } from "../../src/client";
import { surveyArgs } from "../../src/resources/survey/export";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
const flagIds: Record<string, number> = {};

beforeAll(async () => {
  stack = await startStack();
  for (const key of ["beta-users", "paying-users"]) {
    const res = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/feature_flags/`, {
      key,
      name: key,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(res.status).toBe(201);
    flagIds[key] = res.body.id;
  }
});
afterAll(async () => stack?.close());

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("keyed", args);
  return {
    surveyId: survey.surveyId,
    linkedFlagId: survey.linkedFlagId,
    linkedFlagKey: survey.linkedFlagKey,
  };
};
const base: SurveyArgs = { name: "Keyed", type: "popover" };
const writes = async () => (await stack.requests()).filter((r) => r.method !== "GET");

describe("linkedFlagKey", () => {
  const engine = () => stack.engine;

  it("creates the survey linked to the flag the key names", async () => {
    await stack.clearRequests();
    const up = await engine().up(program({ ...base, linkedFlagKey: "beta-users" }));
    expect(up.errors).toEqual([]);
    expect(up.outputs).toMatchObject({ linkedFlagId: flagIds["beta-users"], linkedFlagKey: "beta-users" });
    const posts = await writes();
    expect(posts.map((r) => (r.body as { linked_flag_id?: number }).linked_flag_id)).toEqual([
      flagIds["beta-users"],
    ]);
  });

  it("a no-op preview sends zero requests", async () => {
    await stack.clearRequests();
    const preview = await engine().preview(program({ ...base, linkedFlagKey: "beta-users" }));
    expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
  });

  it("moving the link to another key: a preview with zero requests, then one PATCH", async () => {
    await stack.clearRequests();
    const moved = { ...base, linkedFlagKey: "paying-users" };
    const preview = await engine().preview(program(moved));
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["linkedFlagKey"]]]);
    expect(await stack.requests()).toEqual([]);

    const up = await engine().up(program(moved));
    expect(up.errors).toEqual([]);
    expect((await writes()).map((r) => [r.method, r.body])).toEqual([
      ["PATCH", { linked_flag_id: flagIds["paying-users"] }],
    ]);
    expect(up.outputs).toMatchObject({
      linkedFlagId: flagIds["paying-users"],
      linkedFlagKey: "paying-users",
    });

    await stack.clearRequests();
    expect((await engine().preview(program(moved))).steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
  });

  it("moving back by key again is one PATCH; dropping the key unlinks with one PATCH", async () => {
    await stack.clearRequests();
    await engine().up(program({ ...base, linkedFlagKey: "beta-users" }));
    expect((await writes()).map((r) => r.body)).toEqual([{ linked_flag_id: flagIds["beta-users"] }]);
    await stack.clearRequests();
    const up = await engine().up(program(base));
    expect(up.errors).toEqual([]);
    expect((await writes()).map((r) => r.body)).toEqual([{ linked_flag_id: null }]);
    // Unlinked: state keeps no null output (mapping.ts, storedOutputs), so no flag id, key or flag at all.
    for (const key of ["linkedFlagId", "linkedFlagKey", "linkedFlag"])
      expect(up.outputs).not.toHaveProperty(key);
  });

  it("switching from the key to the id of the same flag sends no unlink", async () => {
    await engine().up(program({ ...base, linkedFlagKey: "beta-users" }));
    await stack.clearRequests();
    const up = await engine().up(program({ ...base, linkedFlagId: flagIds["beta-users"] }));
    expect(up.errors).toEqual([]);
    expect(await writes()).toEqual([]);
    expect(up.outputs).toMatchObject({ linkedFlagId: flagIds["beta-users"], linkedFlagKey: "beta-users" });
  });
});

describe("export", () => {
  it("writes the flag's key, not its id", async () => {
    const res = await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, {
      name: "Exported",
      type: "popover",
      linked_flag_id: flagIds["paying-users"],
    });
    const survey = await stack.api<WireSurvey>(
      "GET",
      `/api/projects/${stack.projectId}/surveys/${res.body.id}/`,
    );
    const { args, skipped } = surveyArgs(survey.body);
    expect(args).toEqual({ name: "Exported", type: "popover", linkedFlagKey: "paying-users" });
    expect(skipped).toEqual([]);
  });
});

describe("targetingFlagKey", () => {
  it("uses the flag the key names for targeting", async () => {
    const engine = stack.newEngine();
    const up = await engine.up(() => {
      const survey = new Survey("targeted", {
        name: "Targeted",
        type: "popover",
        targetingFlagKey: "paying-users",
      });
      return { targetingFlagId: survey.targetingFlagId, targetingFlagKey: survey.targetingFlagKey };
    });
    expect(up.errors).toEqual([]);
    expect(up.outputs).toEqual({
      targetingFlagId: flagIds["paying-users"],
      targetingFlagKey: "paying-users",
    });
  });
});

describe("bad flag input", () => {
  it("an unknown key fails at up, naming the key and the project, with no write", async () => {
    const engine = stack.newEngine();
    await stack.clearRequests();
    const up = await engine.up(program({ ...base, name: "Unknown key", linkedFlagKey: "no-such-flag" }));
    expect(up.errors.map((e) => e.message).join()).toContain(
      `linkedFlagKey "no-such-flag" matches no feature flag in project ${stack.projectId}.`,
    );
    expect(await writes()).toEqual([]);
  });

  it("an id and a key for the same flag are refused at check, with zero requests", async () => {
    const engine = stack.newEngine();
    await stack.clearRequests();
    const preview = await engine.preview(
      program({ ...base, name: "Both", linkedFlagId: flagIds["beta-users"], linkedFlagKey: "beta-users" }),
    );
    expect(preview.steps.flatMap((s) => s.checkFailures)).toEqual([
      {
        property: "linkedFlagKey",
        reason: "linkedFlagId and linkedFlagKey both name the survey's flag. Declare only one of them.",
      },
    ]);
    expect(await stack.requests()).toEqual([]);
  });
});
