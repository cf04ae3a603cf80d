// Issue 34: every warning the guides promise at preview (test/preview/documented-warnings.test.ts lists them)
// is printed by the real `pulumi preview` at normal verbosity, on both faces: a JavaScript program on the dynamic
// providers, and a YAML program on the provider plugin. A warning written only to the plugin's stderr would not
// be (the engine shows that at -v=9), so this is where the harness's Log service is held to the engine's.
import fs from "node:fs";
import path from "node:path";
import type { EmulatorHandle } from "posthog-emulator";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import { DOCUMENTED_WARNINGS, HTML_QUESTION } from "../support/documented-warnings";
import {
  initPluginStack,
  inCliStack,
  inInstalledProgram,
  readProject,
  writeProject,
  type ProgramFolder,
} from "./program-folder";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

type Args = Record<string, unknown>;
interface Declared {
  kind: keyof typeof RESOURCE_TOKENS;
  name: string;
  args: Args;
}

const batch = (emails: string[]): Args => ({
  removeMemberOnDelete: true,
  sendEmail: false,
  invites: emails.map((targetEmail) => ({ targetEmail })),
});

/** What `up` makes: invites, three of them accepted before the preview. */
const BEFORE: Declared[] = [
  {
    kind: "Invite",
    name: "lev",
    args: { targetEmail: "lev@example.com", level: "member", sendEmail: false },
  },
  { kind: "Invite", name: "arm", args: { targetEmail: "arm@example.com", sendEmail: false } },
  {
    kind: "Invite",
    name: "old",
    args: { targetEmail: "old@example.com", sendEmail: false, removeMemberOnDelete: true },
  },
  { kind: "InviteBatch", name: "team", args: batch(["stay@example.com", "go@example.com"]) },
];
const ACCEPTED = ["arm@example.com", "old@example.com", "go@example.com"];

/** What the preview is asked about: one change per documented warning. */
const AFTER: Declared[] = [
  { kind: "Invite", name: "lev", args: { targetEmail: "lev@example.com", level: "admin", sendEmail: false } },
  {
    kind: "Invite",
    name: "arm",
    args: { targetEmail: "arm@example.com", sendEmail: false, removeMemberOnDelete: true },
  },
  {
    kind: "Invite",
    name: "old",
    args: { targetEmail: "new@example.com", sendEmail: false, removeMemberOnDelete: true },
  },
  { kind: "InviteBatch", name: "team", args: batch(["stay@example.com"]) },
  {
    kind: "Survey",
    name: "onboarding",
    args: { name: "Onboarding", type: "popover", questions: [{ type: "open", question: HTML_QUESTION }] },
  },
  { kind: "Survey", name: "old-button", args: { name: "Old button", type: "button" } },
];

const expected = (org: string): string[] => [
  DOCUMENTED_WARNINGS.levelChanged("lev@example.com"),
  DOCUMENTED_WARNINGS.removalArmed("arm@example.com", org),
  DOCUMENTED_WARNINGS.replacementRemoves("old@example.com", org),
  DOCUMENTED_WARNINGS.batchDropsMember("go@example.com", org),
  DOCUMENTED_WARNINGS.sanitisedHtml(),
  DOCUMENTED_WARNINGS.retiredType(),
];

const javascript = (resources: Declared[]): string =>
  [
    'const posthog = require("pulumi-posthog");',
    ...resources.map((r) => `new posthog.${r.kind}(${JSON.stringify(r.name)}, ${JSON.stringify(r.args)});`),
    "",
  ].join("\n");

/** The project with `resources` as its YAML program, keeping what `pulumi package add` wrote into it. */
function writeYamlProgram(dir: string, resources: Declared[]): void {
  writeProject(dir, {
    ...readProject(dir),
    resources: Object.fromEntries(
      resources.map((r) => [r.name, { type: RESOURCE_TOKENS[r.kind], properties: r.args }]),
    ),
  });
}

/** The people of ACCEPTED accept their invitations in PostHog. */
async function acceptAll(url: string, apiKey: string): Promise<void> {
  const control = async (method: string, route: string) => {
    const res = await emulatorCall(url, apiKey, method, `/_emulator${route}`);
    if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const state = (await control("GET", "/state")) as { invites: { id: string; target_email: string }[] };
  for (const email of ACCEPTED) {
    const invite = state.invites.find((i) => i.target_email === email);
    if (!invite) throw new Error(`no invite for ${email} in PostHog`);
    await control("POST", `/invites/${invite.id}/accept`);
  }
}

/** up, acceptance, refresh, then the preview of AFTER at normal verbosity: what it printed. */
async function previewAfterChanges(
  cli: ProgramFolder["cli"],
  write: (resources: Declared[]) => void,
  emulator: Pick<EmulatorHandle, "url" | "apiKey">,
): Promise<string> {
  write(BEFORE);
  await cli("up", "--yes", "--skip-preview");
  await acceptAll(emulator.url, emulator.apiKey);
  await cli("refresh", "--yes", "--skip-preview");
  write(AFTER);
  const { stdout, stderr } = await cli("preview");
  return stdout + stderr;
}

/**
 * Each warning printed once in the summary the CLI ends with (a non-interactive run also prints each message as
 * it arrives, above it), as the CLI prints a warning.
 */
function expectEachOnce(face: string, printed: string, org: string): void {
  const summary = printed.slice(printed.indexOf("Diagnostics:"));
  expect(summary).toContain("Diagnostics:");
  console.log(`${face} face, pulumi preview at normal verbosity:\n${summary}`); // the transcript, for the record
  for (const text of expected(org)) {
    expect({ text, times: summary.split(`warning: ${text}`).length - 1 }).toEqual({ text, times: 1 });
  }
}

describe("the warnings the guides promise, through the real CLI at normal verbosity", () => {
  withCli("dynamic face: a JavaScript program", async () => {
    if (!pulumi) throw new Error("runs only with a pulumi CLI");
    await inCliStack(
      pulumi,
      { files: { "Pulumi.yaml": "name: documented-warnings\nruntime: nodejs\nmain: index.js\n" } },
      async (stack) => {
        const write = (resources: Declared[]) =>
          fs.writeFileSync(path.join(stack.dir, "index.js"), javascript(resources));
        const printed = await previewAfterChanges(stack.cli, write, stack);
        expectEachOnce("dynamic", printed, stack.organizationId);
      },
    );
  });

  withCli("plugin face: a YAML program", async () => {
    if (!pulumi) throw new Error("runs only with a pulumi CLI");
    await inInstalledProgram(pulumi, async (program) => {
      const { dir, emulator, cli } = program;
      writeProject(dir, { name: "documented-warnings", runtime: "yaml" });
      await initPluginStack(program);
      const write = (resources: Declared[]) => writeYamlProgram(dir, resources);
      const printed = await previewAfterChanges(cli, write, emulator);
      expectEachOnce("plugin", printed, emulator.organizationId);
    });
  });
});
