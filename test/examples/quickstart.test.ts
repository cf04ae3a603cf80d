// examples/quickstart under the harness against the emulator: preview -> up -> no-op preview -> the two edits
// its comments suggest (description: update in place; invite level: replacement) -> destroy.
import {
  destroyAll,
  dump,
  exampleEngine,
  exampleProgram,
  ops,
  previewUpNoop,
  removeStateDir,
  tempStatePath,
  useStack,
  writes,
} from "./example-program";

const stack = useStack();

const program = exampleProgram("quickstart");
const PROJECT = "posthog-quickstart";

describe("examples/quickstart", () => {
  it("creates one survey and one invite, then shows no change", async () => {
    const engine = exampleEngine(stack, PROJECT);
    const up = await previewUpNoop(stack, engine, program, ["welcome-survey", "teammate"]);
    const state = await dump(stack);
    expect(state.surveys.map((s) => s.name)).toEqual(["Quickstart: how was your first week?"]);
    expect(up.outputs.surveyId).toBe(state.surveys[0].id);
    expect(up.outputs.questionIds).toEqual((state.surveys[0].questions as { id: string }[]).map((q) => q.id));
    expect(state.invites.map((i) => [i.target_email, i.level])).toEqual([["teammate@example.com", 1]]);
    expect(up.outputs).toMatchObject({ inviteStatus: "pending", inviteId: state.invites[0].id });
    await destroyAll(stack, engine);
    expect(await dump(stack)).toMatchObject({ surveys: [], invites: [] });
  });

  it("updates the survey in place and sends the invite again at the new level when the stack config changes", async () => {
    const statePath = tempStatePath();
    const engine = exampleEngine(stack, PROJECT, {}, statePath);
    expect((await engine.up(program)).errors).toEqual([]);
    const [surveyBefore] = (await dump(stack)).surveys;

    // `pulumi config set ...` between two runs: same state file, new config.
    const config = {
      [`${PROJECT}:surveyDescription`]: "Three quick questions",
      [`${PROJECT}:inviteLevel`]: "admin",
    };
    const preview = await exampleEngine(stack, PROJECT, config, statePath).preview(program);
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => [s.name, s.op, s.changedKeys]).sort()).toEqual([
      ["teammate", "update", ["level"]],
      ["welcome-survey", "update", ["description"]],
    ]);

    await stack.clearRequests();
    const edited = exampleEngine(stack, PROJECT, config, statePath);
    const up = await edited.up(program);
    expect(up.errors).toEqual([]);
    expect(ops(up)).toEqual([
      ["teammate", "update"],
      ["welcome-survey", "update"],
    ]);
    const sent = writes(await stack.requests()).map((r) => [
      r.method,
      r.path.replace(/[0-9a-f-]{36}/, ":id"),
      r.body,
    ]);
    expect(sent).toContainEqual([
      "PATCH",
      `/api/projects/${stack.projectId}/surveys/:id/`,
      { description: "Three quick questions" },
    ]);
    const after = await dump(stack);
    expect(after.surveys.map((s) => [s.id, s.description])).toEqual([
      [surveyBefore.id, "Three quick questions"],
    ]);
    expect(after.invites.map((i) => i.level)).toEqual([8]);
    await destroyAll(stack, edited);
    removeStateDir(statePath);
  });
});
