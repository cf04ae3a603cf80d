// Issue 50, case 10: export leaves out what a stack manages. A survey a Pulumi stack created carries this provider's
// derived question ids (src/resources/survey/ownership.ts); export leaves it out by default and counts it, so
// `pulumi import` never hands a second stack an object a stack already manages. `--include-managed` (the
// `includeManaged` option) exports it too. Invites carry no such sign: a pending invite a stack sent is exported as
// before, and the command warns that it may be a stack's. Both faces make the survey, each with its own stack's mark. The command is run as a user runs it (the
// built bin; needs `npm run build`).
import { exportProgram } from "../../src/export";
import { Invite, Survey } from "../../src";
import { PluginResource } from "../plugin/plugin-resource";
import { runBin } from "../support/run-bin";
import { startStack, type TestStack } from "../support/stack";

let dynamic: TestStack;
let plugin: TestStack;
beforeAll(async () => {
  [dynamic, plugin] = await Promise.all([startStack(), startStack({ face: "plugin" })]);
});
afterAll(async () => {
  await Promise.all([dynamic?.close(), plugin?.close()]);
});

const QUESTIONS = [{ type: "open" as const, question: "What should we build next?" }];

/** One survey made by the stack's program, one made "in the UI"; an invite sent by the program. */
async function managedAndNot(stack: TestStack, face: "dynamic" | "plugin"): Promise<{ ui: string }> {
  const engine = stack.newEngine();
  const up = await engine.up(() => {
    const args = { name: "Made by a stack", type: "popover" as const, questions: QUESTIONS };
    const invite = { targetEmail: "sent-by-a-stack@example.com" };
    if (face === "dynamic") {
      new Survey("managed", args);
      new Invite("invited", invite);
    } else {
      new PluginResource("Survey", "managed", args);
      new PluginResource("Invite", "invited", invite);
    }
  });
  expect(up.errors).toEqual([]);
  const ui = await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, {
    name: "Made in the UI",
    type: "popover",
    questions: QUESTIONS,
  });
  return { ui: ui.body.id };
}

const env = (stack: TestStack) => ({
  POSTHOG_HOST: stack.url,
  POSTHOG_API_KEY: stack.apiKey,
  POSTHOG_PROJECT_ID: String(stack.projectId),
  POSTHOG_ORGANIZATION_ID: stack.organizationId,
  POSTHOG_REQUESTS_PER_SECOND: "0",
});

describe.each(["dynamic", "plugin"] as const)("a survey a %s stack created", (face) => {
  const stack = () => (face === "dynamic" ? dynamic : plugin);

  test("is left out of the export and counted; includeManaged exports it", async () => {
    const { ui } = await managedAndNot(stack(), face);

    const left = await exportProgram({ format: "import", env: env(stack()) });
    const imported = JSON.parse(left.source) as { resources: { type: string; name: string; id: string }[] };
    expect(imported.resources.filter((r) => r.type.endsWith(":Survey")).map((r) => r.id)).toEqual([ui]);
    expect({ surveys: left.surveys, managedSurveys: left.managedSurveys }).toEqual({
      surveys: 1,
      managedSurveys: 1,
    });
    // No sign proves a stack sent an invite: it is exported as before.
    expect(left.invites).toBe(1);

    const all = await exportProgram({ format: "import", includeManaged: true, env: env(stack()) });
    expect({ surveys: all.surveys, managedSurveys: all.managedSurveys }).toEqual({
      surveys: 2,
      managedSurveys: 0,
    });

    // The program format leaves it out the same way.
    const program = await exportProgram({ env: env(stack()) });
    expect(program.source).toContain('"Made in the UI"');
    expect(program.source).not.toContain('"Made by a stack"');
  });

  test("the command says how many it left out and how to include them", async () => {
    const left = await runBin(
      "pulumi-posthog",
      ["export", "--no-invites", "--format", "import"],
      env(stack()),
    );
    expect(left.code).toBe(0);
    expect(left.stderr).toBe(
      "left out 1 survey(s) managed by a Pulumi stack; --include-managed to include them\n",
    );
    expect(JSON.parse(left.stdout)).toMatchObject({ resources: [{ name: "made-in-the-ui" }] });

    const all = await runBin(
      "pulumi-posthog",
      ["export", "--no-invites", "--format", "import", "--include-managed"],
      env(stack()),
    );
    expect(all.code).toBe(0);
    expect(all.stderr).toBe("");
    expect((JSON.parse(all.stdout) as { resources: unknown[] }).resources).toHaveLength(2);
  });

  test("the command warns that the invite it hands to pulumi import may be a stack's (issue 55, case 11)", async () => {
    const withInvites = await runBin("pulumi-posthog", ["export", "--format", "import"], env(stack()));
    expect(withInvites.code).toBe(0);
    expect(withInvites.stderr).toBe(
      "left out 1 survey(s) managed by a Pulumi stack; --include-managed to include them\n" +
        "warning: exported 1 pending invite(s) and 0 member(s), and an invite carries no sign of a Pulumi stack, so " +
        "export cannot leave out one a stack manages: importing or adopting that one makes two stacks manage it, " +
        "and either one's destroy deletes it. Remove those from what was exported, or export with --no-invites.\n",
    );
    const invites = (JSON.parse(withInvites.stdout) as { resources: { type: string }[] }).resources.filter(
      (r) => r.type.endsWith(":Invite"),
    );
    expect(invites).toHaveLength(1);
  });
});
