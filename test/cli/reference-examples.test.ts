// The reference pages' example programs (docs/reference/*.md, "Example usage"), run by the real Pulumi CLI against
// the emulator. `npm run docs:reference` writes each resource's and data function's example from one description
// in the catalogue (tools/docs-reference/examples.ts) as a program per language under
// examples/reference/<page>/<language>/; this test takes those files as they are committed and runs them:
// - YAML, Python and Go on the `posthog-iac` plugin, each in a folder made by `pulumi package add` of the installed
//   plugin (test/cli/program-folder.ts, as test/cli/plugin-languages.test.ts does);
// - TypeScript on the `pulumi-posthog` dynamic providers, in a folder with the packed package installed.
// For each page: `pulumi up`, the stack's outputs, `preview --expect-no-changes`, `destroy`. It asserts what
// PostHog received at each step (the page's own request: the survey's POST, the invite's, the bulk invite's, a
// data function's GETs) and the outputs against what the emulator holds, and that every language sent PostHog the
// same requests as the first one that ran the page.
// There is no C# example: no .NET SDK exists (docs/plugin.md), so the generator writes none
// (test/unit/plugin-docs.test.ts holds the pages to the languages that have an SDK). The Java examples are compiled
// against sdk/java (test/examples/reference-java-compile.test.ts, slow stage), not run here: each Java program costs
// two Maven starts per CLI command, minutes per page on this machine.
// Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "posthog-emulator";
import { catalogue } from "../../src/resources/catalogue";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { exampleFolder } from "../../tools/docs-reference/pages";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorStackConfig, startTestEmulator, type Emulator } from "./plugin/emulators";
import {
  DYNAMIC_TYPESCRIPT,
  GO_LANGUAGE,
  PYTHON_LANGUAGE,
  YAML_LANGUAGE,
  type PluginLanguage,
} from "./plugin/languages";
import { preparePluginProject, type PluginProject } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

/** The seeds a data function's expectation reads; a resource's example runs on an empty PostHog. */
function seeded(seeds: Seeds | undefined): Seeds {
  if (!seeds) throw new Error("a data function's example runs on a seeded emulator");
  return seeds;
}

const KEY = "phx_reference_examples_key_0003";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The languages run, each with its folder under examples/reference/<page>/ and its config namespace. */
const RUNS: { folder: string; language: PluginLanguage; namespace: string }[] = [
  { folder: "yaml", language: YAML_LANGUAGE, namespace: PACKAGE_NAME },
  { folder: "python", language: PYTHON_LANGUAGE, namespace: PACKAGE_NAME },
  { folder: "go", language: GO_LANGUAGE, namespace: PACKAGE_NAME },
  { folder: "typescript", language: DYNAMIC_TYPESCRIPT, namespace: "posthog" },
];

/** The examples' subjects, from the catalogue the pages are generated from. */
const SUBJECTS = [
  ...catalogue().resources.map((r) => ({ kind: "resource" as const, name: r.name, example: r.example })),
  ...catalogue().functions.map((f) => ({ kind: "function" as const, name: f.name, example: f.example })),
];

/** The getSurvey example's id: the seeded survey is given it, so the page's program runs as printed. */
const EXAMPLE_SURVEY_ID = String(SUBJECTS.find((s) => s.name === "getSurvey")?.example.args.id);

/** What PostHog holds before a data function's example runs (a resource's example starts from an empty PostHog). */
interface Seeds {
  surveyId: string;
  surveyName: string;
  flagId: number;
  inviteEmail: string;
  responses: number;
}

/** Requests PostHog received, as test/cli/plugin/emulators.ts writes them, and the stack's outputs. */
interface Observed {
  up: string[];
  noop: string[];
  destroy: string[];
  outputs: Record<string, unknown>;
}

interface PageExpectation {
  /** After `up`: what PostHog received and the outputs, checked against the seeds. */
  afterUp(observed: Observed, seeds: Seeds | undefined): void;
}

const writes = (requests: string[]) => requests.filter((r) => !r.startsWith("GET "));

/** One entry per resource and data function: a page added to the catalogue without one fails the test. */
const EXPECTATIONS: Record<string, PageExpectation> = {
  Survey: {
    afterUp: ({ up, destroy, outputs }) => {
      // The question carries the id derived from the resource's identity, its ownership mark (resources/survey/ownership.ts).
      expect(writes(up)).toEqual([
        expect.stringMatching(
          /^POST \/api\/projects\/\d+\/surveys\/ 201 .*"name":"Product feedback".*"questions":\[\{"id":":id","question":"What should we build next\?","type":"open"\}\].*"type":"api"/,
        ),
      ]);
      expect(outputs.surveyId).toMatch(UUID);
      expect(writes(destroy)).toEqual([
        expect.stringMatching(/^DELETE \/api\/projects\/\d+\/surveys\/:id\/ 204/),
      ]);
    },
  },
  Invite: {
    afterUp: ({ up, destroy, outputs }) => {
      expect(writes(up)).toEqual([
        expect.stringMatching(
          /^POST \/api\/organizations\/:org\/invites\/ 201 .*"first_name":"Ada".*"level":8.*"target_email":"ada@example.com"/,
        ),
      ]);
      expect(outputs.status).toBe("pending");
      expect(writes(destroy)).toEqual([
        expect.stringMatching(/^DELETE \/api\/organizations\/:org\/invites\/:id\/ 204/),
      ]);
    },
  },
  InviteBatch: {
    afterUp: ({ up, destroy, outputs }) => {
      expect(writes(up)).toEqual([
        expect.stringMatching(
          /^POST \/api\/organizations\/:org\/invites\/bulk\/ 201 .*"target_email":"ada@example.com".*"level":8.*"target_email":"grace@example.com"/,
        ),
      ]);
      expect(outputs.invitations).toEqual({
        "ada@example.com": expect.objectContaining({
          inviteId: expect.stringMatching(UUID),
          status: "pending",
        }),
        "grace@example.com": expect.objectContaining({
          inviteId: expect.stringMatching(UUID),
          status: "pending",
        }),
      });
      expect(writes(destroy).sort()).toEqual([
        expect.stringMatching(/^DELETE \/api\/organizations\/:org\/invites\/:id\/ 204/),
        expect.stringMatching(/^DELETE \/api\/organizations\/:org\/invites\/:id\/ 204/),
      ]);
    },
  },
  getSurveys: {
    afterUp: ({ outputs }, seeds) => {
      const { surveyName, surveyId } = seeded(seeds);
      expect(outputs.surveys).toEqual([expect.objectContaining({ name: surveyName, surveyId })]);
    },
  },
  getSurvey: {
    afterUp: ({ outputs }, seeds) => expect(outputs.surveyId).toBe(seeded(seeds).surveyId),
  },
  getSurveyResponsesCount: {
    afterUp: ({ outputs }, seeds) =>
      expect(outputs.counts).toEqual({ [seeded(seeds).surveyId]: seeded(seeds).responses }),
  },
  getInvites: {
    afterUp: ({ outputs }, seeds) =>
      expect(outputs.invites).toEqual([expect.objectContaining({ targetEmail: seeded(seeds).inviteEmail })]),
  },
  getMembers: {
    afterUp: ({ outputs }) => {
      expect(outputs.members).toEqual([expect.objectContaining({ level: expect.anything() })]);
    },
  },
  getFeatureFlag: {
    afterUp: ({ outputs }, seeds) => expect(outputs.id).toBe(seeded(seeds).flagId),
  },
};

/**
 * An emulator holding a survey with the getSurvey example's id (and responses to it), a feature flag `beta` and a
 * pending invite. The survey is made through PostHog's API by a first emulator on a state file; the id PostHog
 * gave it is then replaced by the example's in that file, and the emulator the program talks to loads it.
 */
async function seededEmulator(dir: string): Promise<{ emulator: Emulator; seeds: Seeds }> {
  const statePath = path.join(dir, "seeded-state.json");
  const first = await startEmulator({ port: 0, apiKey: KEY, statePath });
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${first.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  let minted: string;
  let flagId: number;
  const seeds = { surveyName: "Feedback on onboarding", inviteEmail: "linus@example.com", responses: 3 };
  try {
    minted = (
      await api<{ id: string }>("POST", `/api/projects/${first.projectId}/surveys/`, {
        name: seeds.surveyName,
        type: "api",
        questions: [{ type: "open", question: "How was it?" }],
        // Launched: PostHog counts responses only once a survey of the project has started.
        start_date: new Date().toISOString(),
      })
    ).id;
    await api("POST", `/_emulator/surveys/${minted}/responses`, { count: seeds.responses });
    flagId = (
      await api<{ id: number }>("POST", `/api/projects/${first.projectId}/feature_flags/`, {
        key: "beta",
        name: "Beta",
      })
    ).id;
    await api("POST", `/api/organizations/${first.organizationId}/invites/`, {
      target_email: seeds.inviteEmail,
      level: 1,
    });
  } finally {
    await first.close();
  }
  fs.writeFileSync(statePath, fs.readFileSync(statePath, "utf8").split(minted).join(EXAMPLE_SURVEY_ID));
  const emulator = await startTestEmulator(KEY, statePath);
  return { emulator, seeds: { ...seeds, surveyId: EXAMPLE_SURVEY_ID, flagId } };
}

/** What PostHog holds, to compare before and after a run: surveys, flags, invites (ids and names). */
async function holdings(emulator: Emulator): Promise<unknown> {
  const state = await emulator.control<{ surveys: unknown[]; invites: unknown[]; flags: unknown[] }>(
    "GET",
    "/state",
  );
  return { surveys: state.surveys, invites: state.invites, flags: state.flags };
}

/** Each page's requests from the first language that ran it: every later language must send the same. */
const firstRun = new Map<string, { language: string; steps: Omit<Observed, "outputs"> }>();

describe.each(RUNS.map((run) => [run.folder, run] as const))(
  "the reference examples in %s through the real CLI",
  (folder, run) => {
    let project: PluginProject | undefined;
    let scratch: string | undefined;
    beforeAll(async () => {
      if (!pulumi) return;
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-reference-"));
      project = await preparePluginProject(pulumi, run.language);
    });
    afterAll(() => {
      project?.cleanup();
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    });

    withCli.each(SUBJECTS.map((s) => [exampleFolder(s.name), s] as const))("%s", async (page, subject) => {
      const p = project;
      if (!p || !scratch) throw new Error("the program folder was not prepared (see beforeAll's error)");
      const expectation = EXPECTATIONS[subject.name];
      if (!expectation)
        throw new Error(`no expectation for ${subject.name}'s example: add one to EXPECTATIONS`);
      const programFolder = path.join("examples/reference", page, folder);
      expect(fs.existsSync(path.join(REPO_ROOT, programFolder))).toBe(true);

      const dir = fs.mkdtempSync(path.join(scratch, `${page}-`));
      const { emulator, seeds } =
        subject.kind === "function"
          ? await seededEmulator(dir)
          : { emulator: await startTestEmulator(KEY), seeds: undefined };
      try {
        p.useProgram(programFolder);
        await p.newStack(page, emulatorStackConfig(run.namespace, emulator));
        const before = await holdings(emulator);
        await emulator.take();

        await p.cli("up", "--yes", "--skip-preview");
        const up = (await emulator.take()).sort();
        const outputs = JSON.parse((await p.cli("stack", "output", "--json")).stdout) as Record<
          string,
          unknown
        >;
        await p.cli("preview", "--expect-no-changes");
        const noop = (await emulator.take()).sort();
        await p.cli("destroy", "--yes", "--skip-preview");
        const destroy = (await emulator.take()).sort();
        const observed: Observed = { up, noop, destroy, outputs };
        console.log(
          `${folder} ${page}: outputs ${JSON.stringify(outputs)}\n` +
            `up: ${up.join(" | ")}\nno-op preview: ${noop.join(" | ") || "(none)"}\n` +
            `destroy: ${destroy.join(" | ") || "(none)"}`,
        );

        expect(Object.keys(outputs)).toEqual([subject.example.output]);
        expectation.afterUp(observed, seeds);
        expect(writes(noop)).toEqual([]);
        if (subject.kind === "function") {
          // A data function only reads, and its stack holds nothing to destroy.
          expect(writes(up)).toEqual([]);
          expect(up.length).toBeGreaterThan(0);
          expect(destroy).toEqual([]);
        }
        // Everything the program made is gone; what was there before is untouched.
        expect(await holdings(emulator)).toEqual(before);
        expect(p.printed()).not.toContain(emulator.apiKey);

        const steps = { up, noop, destroy };
        const first = firstRun.get(page);
        if (first) expect({ language: folder, steps }).toEqual({ language: folder, steps: first.steps });
        else firstRun.set(page, { language: folder, steps });
      } finally {
        await p.cli("stack", "rm", "--yes", "--force", page).catch(() => undefined);
        await emulator.close();
      }
    });
  },
);
