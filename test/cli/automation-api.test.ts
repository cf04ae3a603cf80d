// The emulator-backed program test that docs/guides/testing-your-program.md teaches ("Run against the
// emulator"), as a user writes it: Pulumi's Automation API (`LocalWorkspace`, an inline program) against the
// PostHog emulator from `pulumi-posthog/testing`, on a local file backend, with no part of this repository's
// harness. The only repository pieces here are the setup a user's machine already has: the packed package
// installed into the project folder and the `pulumi` CLI on PATH (the toolchain's, in this suite).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import * as posthog from "pulumi-posthog";
import { startPostHogEmulator, type PostHogEmulator } from "pulumi-posthog/testing";
import { packAndInstall, type InstalledProgram } from "../package/install";
import { hostFolders, requirePulumiCli } from "../support/pulumi-cli";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

// What a user's machine has already: the CLI on PATH, and a project folder with pulumi-posthog installed.
let project: InstalledProgram | undefined;
// A user's tests run from the project folder: with an inline program, the CLI starts the dynamic-provider plugin
// in the test process's current directory, and the plugin loads pulumi-posthog from its node_modules.
const savedPath = process.env.PATH;
const savedCwd = process.cwd();
beforeAll(() => {
  if (!pulumi) return;
  process.env.PATH = [...hostFolders(pulumi), savedPath ?? ""].join(path.delimiter);
  project = packAndInstall();
  process.chdir(project.dir);
});
afterAll(() => {
  process.chdir(savedCwd);
  process.env.PATH = savedPath;
  project?.cleanup();
});

// ---- From here on, the guide's test (docs/guides/testing-your-program.md, "Run against the emulator"). ----

/** The program under test: a survey, and how many responses it has, read from PostHog on every `up`. */
const program = async () => {
  const survey = new posthog.Survey("feedback", {
    name: "How are we doing?",
    type: "popover",
    questions: [{ type: "rating", question: "How likely are you to recommend us?", scale: 10 }],
    startDate: "2026-01-05T09:00:00Z", // PostHog counts responses only once a survey has started
  });
  const counts = posthog.getSurveyResponsesCountOutput({ surveyIds: [survey.surveyId] });
  return {
    surveyId: survey.surveyId,
    responses: counts.counts.apply((c) => Object.values(c)[0] ?? 0),
  };
};

let emulator: PostHogEmulator;
let backend: string;
let stack: Stack;

async function newStack(workDir: string): Promise<Stack> {
  const created = await LocalWorkspace.createOrSelectStack(
    { stackName: "test", projectName: "posthog-program-test", program },
    {
      // The project folder, where pulumi-posthog is installed.
      workDir,
      envVars: {
        PULUMI_BACKEND_URL: `file://${backend}`, // state in a temporary folder, no Pulumi Cloud
        PULUMI_CONFIG_PASSPHRASE: "test",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_HOME: path.join(backend, ".pulumi"),
      },
    },
  );
  // The emulator's settings as stack config, the API key as a secret.
  await created.setAllConfig(
    Object.fromEntries(
      Object.entries(emulator.config).map(([key, value]) => [
        key,
        { value, secret: key === "posthog:apiKey" },
      ]),
    ),
  );
  return created;
}

const writes = async () =>
  (await emulator.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe("a program tested against the emulator with the Automation API", () => {
  withCli(
    "preview writes nothing, up creates the survey, responses show on the next up, no-op preview, destroy",
    async () => {
      if (!project) throw new Error("runs only with a pulumi CLI");
      emulator = await startPostHogEmulator();
      backend = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-program-test-"));
      try {
        stack = await newStack(project.dir);

        const preview = await stack.preview();
        expect(preview.changeSummary).toMatchObject({ create: 2 }); // the stack and the survey
        expect(await writes()).toEqual([]);

        const up = await stack.up();
        expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
        const surveys = `/api/projects/${emulator.projectId}/surveys/`;
        expect(await writes()).toEqual([`POST ${surveys}`]);
        const surveyId = up.outputs.surveyId.value as string;
        expect(up.outputs.responses.value).toBe(0);

        // People answer (the emulator's control adds responses); the next up reports it and writes nothing.
        await fetch(`${emulator.url}/_emulator/surveys/${surveyId}/responses`, {
          method: "POST",
          headers: { authorization: `Bearer ${emulator.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ count: 7 }),
        });
        await emulator.clearRequests();
        const again = await stack.up();
        expect(again.summary.resourceChanges).toEqual({ same: 2 });
        expect(again.outputs.responses.value).toBe(7);
        expect(await writes()).toEqual([]);

        const noop = await stack.preview();
        expect(noop.changeSummary).toEqual({ same: 2 });

        await emulator.clearRequests();
        await stack.destroy();
        expect(await writes()).toEqual([`DELETE ${surveys}${surveyId}/`]);
        await stack.workspace.removeStack("test");
      } finally {
        await emulator.close();
        fs.rmSync(backend, { recursive: true, force: true });
      }
    },
    900_000,
  );
});
