// `pulumi import` through the plugin: a survey by its UUID and an invite by its id, made outside Pulumi, are read
// with only their id (ImportStep); the program declaring the imported inputs then previews clean, with no request.
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { startStack, TestStack } from "../support/stack";
import { PluginResource } from "./plugin-resource";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ face: "plugin" });
});
afterAll(async () => stack?.close());

test.each([
  {
    kind: "Survey" as const,
    make: async () =>
      (
        await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, {
          name: "Made in the UI",
          type: "popover",
          description: "from the UI",
          questions: [{ type: "rating", question: "Rate us", scale: 10, display: "number" }],
        })
      ).body.id,
    expected: { name: "Made in the UI", type: "popover", description: "from the UI" },
  },
  {
    kind: "Invite" as const,
    make: async () =>
      (
        await stack.api<{ id: string }>("POST", `/api/organizations/${stack.organizationId}/invites/`, {
          target_email: "imported@example.com",
          level: 8,
          first_name: "Imp",
        })
      ).body.id,
    expected: { targetEmail: "imported@example.com", level: "admin", firstName: "Imp" },
  },
])(
  "import of an $kind by its id: the next preview of the imported inputs is clean and sends 0 requests",
  async ({ kind, make, expected }) => {
    const id = await make();
    const engine = stack.newEngine();
    const imported = await engine.import(RESOURCE_TOKENS[kind], "adopted", id);
    expect(imported.errors).toEqual([]);
    expect(imported.steps.map((s) => [s.op, s.id, s.checkFailures])).toEqual([["import", id, []]]);
    const [state] = engine.state();
    expect(state.inputs).toMatchObject(expected);

    await stack.clearRequests();
    const preview = await engine.preview(() => new PluginResource(kind, "adopted", state.inputs));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["same", []]]);
    expect(await stack.requests()).toEqual([]);
    console.log(
      `import ${kind} ${id}: inputs ${JSON.stringify(state.inputs)}; next preview: same, 0 requests`,
    );
  },
);

describe("an id that leads to nothing: the import fails naming what is wrong with it, and nothing is stored", () => {
  const survey = RESOURCE_TOKENS.Survey;
  const invite = RESOURCE_TOKENS.Invite;
  const missing = "0190c0de-0000-7000-8000-000000000000";
  it.each([
    [
      "a survey id PostHog does not have",
      survey,
      missing,
      () =>
        `PostHog has no survey ${missing} in project ${stack.projectId}, the project this provider works in ` +
        "(posthog-iac:projectId, or the key's current project). If the survey belongs to another project, import " +
        "it through a provider whose projectId names that project.",
    ],
    [
      "a malformed survey id",
      survey,
      "42",
      () =>
        '"42" is not a survey id: PostHog\'s ids are UUIDs such as 0190c0de-1234-7abc-8def-0123456789ab (the one ' +
        "in the survey's address in PostHog, …/surveys/<id>).",
    ],
    [
      "an invite id the organization does not have",
      invite,
      missing,
      () =>
        `PostHog has no pending invite ${missing} in organization ${stack.organizationId}, the organization ` +
        "this provider works in (posthog-iac:organizationId, or the key's current organization). An accepted " +
        "invite no longer exists: the person is a member, and there is nothing to import. If the pending invite " +
        "belongs to another organization, import it through a provider whose organizationId names that organization.",
    ],
  ])("%s", async (_what, type, id, message) => {
    const engine = stack.newEngine();
    await stack.clearRequests();
    const result = await engine.import(type, "ghost", id);
    expect(result.errors.map((e) => e.message)).toEqual([message()]);
    expect(engine.state()).toEqual([]);
    if (id === "42") expect(await stack.requests()).toEqual([]); // refused before asking PostHog
  });
});
