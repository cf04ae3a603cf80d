// Issue 44, item 6: export for every language. `pulumi-posthog export --format import` (the installed package's
// bin, the key in the environment) writes the file `pulumi import --file` takes, for a survey, a pending invite and
// a member made outside Pulumi; the real CLI imports it into a YAML and a Python program on the plugin, generates
// the program in that language, and with it the next preview has no changes and sends PostHog nothing.
// Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { requirePulumiCli } from "../support/pulumi-cli";
import { runCommand } from "../support/run-command";
import { emulatorStackConfig, startTestEmulator, type Emulator } from "./plugin/emulators";
import { PYTHON_LANGUAGE, YAML_LANGUAGE } from "./plugin/languages";
import { preparePluginProject, PLUGIN_FOLDER } from "./program-folder";
import { ownedQuestionId } from "../../src/resources/survey/ownership";
import { newStackMark } from "../../src/ownership/stack-mark";

const pulumi = requirePulumiCli();

const STACK_QUESTION_ID = ownedQuestionId(
  { project: "elsewhere", stack: "dev", name: "nps", mark: newStackMark() },
  0,
);
const withCli = pulumi ? it : it.skip;

/** A survey, a pending invite and a member, made as in PostHog's UI; their ids. */
async function madeInPostHog(
  emulator: Emulator,
): Promise<{ survey: string; invite: string; member: string }> {
  const survey = await emulator.api<{ id: string }>("POST", `/api/projects/${emulator.projectId}/surveys/`, {
    name: "Made in the UI",
    type: "popover",
    questions: [{ type: "rating", question: "Rate us", scale: 10, display: "number" }],
  });
  // A survey as a Pulumi stack creates it: its question carries the id the provider derives from the stack's mark
  // (ownership.ts). Export leaves it out and counts it (issue 50, case 10).
  await emulator.api("POST", `/api/projects/${emulator.projectId}/surveys/`, {
    name: "Made by a stack",
    type: "popover",
    questions: [{ id: STACK_QUESTION_ID, type: "open", question: "Why?" }],
  });
  const org = `/api/organizations/${emulator.organizationId}`;
  const invite = await emulator.api<{ id: string }>("POST", `${org}/invites/`, {
    target_email: "pending@example.com",
    level: 1,
  });
  const joined = await emulator.api<{ id: string }>("POST", `${org}/invites/`, {
    target_email: "joined@example.com",
    level: 8,
  });
  await emulator.control("POST", `/invites/${joined.id}/accept/`);
  const members = await emulator.api<{ results: { id: string; user: { email: string } }[] }>(
    "GET",
    `${org}/members/`,
  );
  const member = members.results.find((m) => m.user.email === "joined@example.com");
  if (!member) throw new Error("the accepted invite left no member");
  return { survey: survey.id, invite: invite.id, member: member.id };
}

describe.each([YAML_LANGUAGE, PYTHON_LANGUAGE])("export --format import, in $name", (language) => {
  withCli(
    "the file pulumi import takes: the program it generates previews clean",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const emulator = await startTestEmulator("phx_export_import_key_0001");
      const project = await preparePluginProject(pulumi, language);
      try {
        const ids = await madeInPostHog(emulator);
        language.useEmptyProgram(project.dir);
        await project.newStack("imports", emulatorStackConfig(PACKAGE_NAME, emulator));

        // The command a user runs, from the installed package, with the key in the environment.
        const bin = path.join(project.dir, PLUGIN_FOLDER, "..", "dist/cli/pulumi-posthog.js");
        const exported = await runCommand(
          process.execPath,
          [bin, "export", "--format", "import", "--out", "import.json"],
          {
            cwd: project.dir,
            env: {
              PATH: process.env.PATH,
              POSTHOG_HOST: emulator.url,
              POSTHOG_API_KEY: emulator.apiKey,
              POSTHOG_PROJECT_ID: String(emulator.projectId),
              POSTHOG_ORGANIZATION_ID: emulator.organizationId,
            },
          },
        );
        const file = fs.readFileSync(path.join(project.dir, "import.json"), "utf8");
        expect(JSON.parse(file)).toEqual({
          resources: [
            { type: RESOURCE_TOKENS.Survey, name: "made-in-the-ui", id: ids.survey },
            { type: RESOURCE_TOKENS.Invite, name: "invite-pending-example-com", id: ids.invite },
            { type: RESOURCE_TOKENS.Invite, name: "invite-joined-example-com", id: `member:${ids.member}` },
          ],
        });
        console.log(`${language.name}: pulumi-posthog export --format import\n${exported.stderr}${file}`);
        expect(exported.stderr).toContain(
          "left out 1 survey(s) managed by a Pulumi stack; --include-managed to include them\n",
        );

        await project.cli(
          "import",
          "--file",
          "import.json",
          "--yes",
          "--protect=false",
          "--out",
          language.importOut,
        );
        const generated = fs.readFileSync(path.join(project.dir, language.importOut), "utf8");
        console.log(
          `${language.name}: pulumi import --file import.json --out ${language.importOut}:\n${generated}`,
        );
        await language.adoptImported(project, language.importOut);

        await emulator.take();
        const preview = await project.cli("preview", "--expect-no-changes");
        expect(preview.stdout).toMatch(/4 unchanged/);
        expect(await emulator.take()).toEqual([]);
        console.log(`${language.name}: pulumi preview --expect-no-changes:\n${preview.stdout}`);
        expect(project.printed()).not.toContain(emulator.apiKey);
      } finally {
        project.cleanup();
        await emulator.close();
      }
    },
    1_800_000,
  );
});
