// The source position the engine records for each resource (`sourcePosition` in `pulumi stack export`) is the line
// of the user's program that declared it, for Survey, Invite and InviteBatch alike, also when a survey is read with
// Survey.get, and for the stack's mark the first Survey registers (its line). The SDK counts three constructors above the user's code and our classes have four
// (src/provider-kit/source-position.ts); before, every position was our class's own line
// (`…/dist/resources/survey/survey.js#73,13`). Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import { z } from "zod";
import { inCliStack } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

/** The program, one declaration a line, so each resource's line is known. */
const PROGRAM = [
  'import * as posthog from "pulumi-posthog";',
  "",
  'const survey = new posthog.Survey("nps", { name: "Where from?", type: "popover", questions: [{ type: "open", question: "Hi?" }] });',
  'new posthog.Invite("ada", { targetEmail: "ada@example.com", level: "member" });',
  'new posthog.InviteBatch("team", { invites: [{ targetEmail: "grace@example.com" }] });',
  'export const read = posthog.Survey.get("again", survey.id).name;',
  "",
].join("\n");

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "commonjs",
    moduleResolution: "node10",
    ignoreDeprecations: "6.0",
    esModuleInterop: true,
    skipLibCheck: true,
  },
  files: ["index.ts"],
});

const exported = z.object({
  deployment: z.object({
    resources: z.array(z.object({ urn: z.string(), sourcePosition: z.string().optional() })),
  }),
});

withCli(
  "stack export gives each Survey, Invite and InviteBatch the program's line as its source position",
  async () => {
    if (!pulumi) throw new Error("runs only with a pulumi CLI");
    await inCliStack(
      pulumi,
      {
        files: {
          "Pulumi.yaml": "name: source-position\nruntime: nodejs\n",
          "index.ts": PROGRAM,
          "tsconfig.json": TSCONFIG,
        },
      },
      async (stack) => {
        await stack.cli("up", "--yes", "--skip-preview");
        const state = exported.parse(JSON.parse((await stack.cli("stack", "export")).stdout));
        const positions = Object.fromEntries(
          state.deployment.resources
            .filter((r) => r.urn.includes("pulumi-nodejs:dynamic/posthog:"))
            .map((r) => [r.urn.split("::").pop(), r.sourcePosition]),
        );
        console.log(`sourcePosition in stack export:\n${JSON.stringify(positions, null, 2)}`);
        // project:///index.ts#<line>,<column>: the line of each `new` (and of Survey.get) in PROGRAM.
        expect(positions).toEqual({
          nps: expect.stringMatching(/^project:\/\/\/index\.ts#3,\d+$/),
          ada: expect.stringMatching(/^project:\/\/\/index\.ts#4,\d+$/),
          team: expect.stringMatching(/^project:\/\/\/index\.ts#5,\d+$/),
          again: expect.stringMatching(/^project:\/\/\/index\.ts#6,\d+$/),
          // The stack's mark, registered by the first Survey: that Survey's line.
          "posthog-stack-mark": expect.stringMatching(/^project:\/\/\/index\.ts#3,\d+$/),
        });
      },
    );
  },
  20 * 60_000,
);
