// One scenario through both faces of the package: the dynamic providers (a TypeScript program's `new Survey`)
// and the provider plugin (any language's program, here a CustomResource of the plugin's token). The same
// code serves both, so PostHog must receive the same requests, step by step.
import * as pulumi from "@pulumi/pulumi";
import { getSurveys, Invite, type InviteArgs, Survey, type SurveyArgs } from "../../src";
import { FUNCTION_TOKENS } from "../../src/plugin/tokens";
import { LoggedRequest, startStack, TestStack } from "../support/stack";
import { PluginResource } from "./plugin-resource";

type Face = "dynamic" | "plugin";
const FACES: Face[] = ["dynamic", "plugin"];

const base: SurveyArgs = {
  name: "Faces NPS",
  type: "popover",
  questions: [{ type: "open", question: "Why?" }],
};
const invite: InviteArgs = { targetEmail: "faces@example.com", level: "member" };

/** What each face declares for the same intent. */
const declare = {
  survey: (face: Face, args: SurveyArgs) =>
    face === "dynamic" ? new Survey("nps", args) : new PluginResource("Survey", "nps", args),
  invite: (face: Face) =>
    face === "dynamic" ? new Invite("faces", invite) : new PluginResource("Invite", "faces", invite),
  surveysNamed: async (face: Face, search: string): Promise<number> => {
    const found =
      face === "dynamic"
        ? await getSurveys({ search })
        : ((await pulumi.runtime.invoke(FUNCTION_TOKENS.getSurveys, { search }, { async: true })) as {
            surveys: unknown[];
          });
    return found.surveys.length;
  },
};

const SCENARIO: { step: string; program: (face: Face) => () => unknown; ops: string[] }[] = [
  { step: "create survey", program: (f) => () => declare.survey(f, base), ops: ["create"] },
  { step: "no-op", program: (f) => () => declare.survey(f, base), ops: ["same"] },
  {
    step: "edit name",
    program: (f) => () => declare.survey(f, { ...base, name: "Faces NPS 2" }),
    ops: ["update"],
  },
  {
    step: "status running",
    program: (f) => () => declare.survey(f, { ...base, name: "Faces NPS 2", status: "running" }),
    ops: ["update"],
  },
  {
    step: "create invite",
    program: (f) => () => {
      declare.survey(f, { ...base, name: "Faces NPS 2", status: "running" });
      declare.invite(f);
    },
    ops: ["same", "create"],
  },
  {
    step: "function call",
    program: (f) => async () => {
      declare.survey(f, { ...base, name: "Faces NPS 2", status: "running" });
      declare.invite(f);
      return { found: await declare.surveysNamed(f, "Faces") };
    },
    ops: ["same", "same"],
  },
  {
    step: "delete invite",
    program: (f) => () => declare.survey(f, { ...base, name: "Faces NPS 2", status: "running" }),
    ops: ["same", "delete"],
  },
  { step: "delete survey", program: () => () => undefined, ops: ["delete"] },
];

/** A request with the ids that differ between two emulators (UUIDs, the organization) made generic. */
const generic = (stack: TestStack) => (r: LoggedRequest) =>
  `${r.method} ${r.path
    .split(stack.organizationId)
    .join(":org")
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id")} ${r.status}`;

const stacks = {} as Record<Face, TestStack>;
beforeAll(async () => {
  for (const face of FACES) stacks[face] = await startStack({ face });
});
afterAll(async () => {
  for (const face of FACES) await stacks[face]?.close();
});

test("the shared scenario sends the same requests to PostHog through both faces", async () => {
  const engines = { dynamic: stacks.dynamic.newEngine(), plugin: stacks.plugin.newEngine() };
  const table: string[] = ["| step | requests (both faces) | dynamic | plugin |", "|---|---|---|---|"];
  for (const { step, program, ops } of SCENARIO) {
    const sent = {} as Record<Face, string[]>;
    for (const face of FACES) {
      await stacks[face].clearRequests();
      const run = await engines[face].up(program(face));
      expect({ face, step, errors: run.errors }).toEqual({ face, step, errors: [] });
      // In completion order, which differs between independent resources: on the dynamic face each survey waits
      // for the stack's mark (src/resources/stack-mark/), which the plugin keeps in its config instead.
      expect({ face, step, ops: run.steps.map((s) => s.op).sort() }).toEqual({
        face,
        step,
        ops: [...ops].sort(),
      });
      if (step === "function call") expect(run.outputs).toEqual({ found: 1 });
      sent[face] = (await stacks[face].requests()).map(generic(stacks[face]));
    }
    expect({ step, plugin: sent.plugin }).toEqual({ step, plugin: sent.dynamic });
    table.push(
      `| ${step} | ${sent.plugin.join("<br>") || "(none)"} | ${sent.dynamic.length} | ${sent.plugin.length} |`,
    );
  }
  console.log(`Shared scenario, requests PostHog received:\n${table.join("\n")}`);
  // Both faces left nothing behind, and the key is in neither state.
  for (const face of FACES) {
    expect(engines[face].state()).toEqual([]);
    expect(stacks[face].server.stderr()).not.toContain(stacks[face].apiKey);
    expect(stacks[face].server.engineLog()).not.toContain(stacks[face].apiKey);
  }
});
