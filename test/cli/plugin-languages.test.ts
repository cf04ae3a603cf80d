// The provider plugin through the real Pulumi CLI, in YAML, Python, Go and TypeScript (on the Node.js SDK that
// `pulumi package add` generates), against the emulator. For each language, in one program folder
// (test/cli/program-folder.ts, preparePluginProject):
// - the quickstart (examples/<lang>-quickstart; TypeScript's in test/cli/programs) runs preview, up, a no-op
//   preview, an edit (preview and up) and destroy, and PostHog receives at every step exactly what it receives from
//   the same program on the dynamic providers (the docs' TypeScript example through the same CLI);
// - two explicit providers on two emulators, each with its own key, and invokes through each;
// - `pulumi import` of a Survey and an Invite made outside Pulumi: the generated code compiles, and with it as the
//   program the next preview has no changes;
// and after each, the key is in the state only encrypted and in no CLI output.
// Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorStackConfig, startTestEmulator, type Emulator } from "./plugin/emulators";
import { DYNAMIC_TYPESCRIPT, PLUGIN_LANGUAGES } from "./plugin/languages";
import { preparePluginProject, type PluginProject } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

/** Distinct keys, so a request sent to the wrong emulator is refused, and a leak names its source. */
const KEYS = { a: "phx_plugin_cli_key_for_host_a_0001", b: "phx_plugin_cli_key_for_host_b_0002" };

const EDIT = { from: "Quarterly NPS", to: "Quarterly NPS, edited" };

/** The scenario's steps (the counts in the CLI's summaries include the stack itself): the CLI command after the program is in place (the edit comes before "edited preview"). */
const SCENARIO: { step: string; args: string[] }[] = [
  { step: "preview", args: ["preview"] },
  { step: "up", args: ["up", "--yes", "--skip-preview"] },
  { step: "no-op preview", args: ["preview", "--expect-no-changes"] },
  { step: "edited preview", args: ["preview"] },
  { step: "edited up", args: ["up", "--yes", "--skip-preview"] },
  { step: "destroy", args: ["destroy", "--yes", "--skip-preview"] },
];

interface StepRequests {
  step: string;
  /** What PostHog received in the step, sorted (resources the engine runs in parallel interleave freely). */
  requests: string[];
}

/** Runs the quickstart scenario in the project's current stack; what PostHog received at each step. */
async function runQuickstart(
  project: PluginProject,
  emulator: Emulator,
  { plugin }: { plugin: boolean },
): Promise<StepRequests[]> {
  const steps: StepRequests[] = [];
  await emulator.take();
  for (const { step, args } of SCENARIO) {
    if (step === "edited preview") project.editProgram(EDIT.from, EDIT.to);
    const { stdout } = await project.cli(...args);
    // The stack, the survey and the invite; the dynamic face adds the stack's mark (src/resources/stack-mark), which
    // the plugin keeps in its provider's config instead.
    if (step === "preview") expect(stdout).toContain(plugin ? "+ 3 to create" : "+ 4 to create");
    if (step === "edited preview") expect(stdout).toContain("~ 1 to update");
    if (step === "up") {
      const outputs = JSON.parse((await project.cli("stack", "output", "--json")).stdout) as {
        surveyId: string;
      };
      expect(outputs.surveyId).toMatch(/^[0-9a-f-]{36}$/);
    }
    steps.push({ step, requests: (await emulator.take()).sort() });
    if (step === "edited up") await expectKeyOnlyEncrypted(project, [emulator.apiKey], { plugin });
  }
  return steps;
}

/**
 * `pulumi stack export` holds no key in the clear; with `plugin: true` (a plugin program) each posthog-iac provider
 * holds its key as ciphertext. The dynamic face has no such provider (its key lives in the resources' secret
 * inputs, under the generic `pulumi-nodejs` provider), so for it only the first part applies.
 */
async function expectKeyOnlyEncrypted(
  project: PluginProject,
  keys: string[],
  { plugin }: { plugin: boolean },
): Promise<void> {
  const exported = (await project.cli("stack", "export")).stdout;
  for (const key of keys) expect(exported).not.toContain(key);
  if (!plugin) return;
  const state = JSON.parse(exported) as {
    deployment: { resources?: { type: string; urn: string; inputs?: Record<string, unknown> }[] };
  };
  const providers = (state.deployment.resources ?? []).filter(
    (r) => r.type === `pulumi:providers:${PACKAGE_NAME}`,
  );
  expect(providers.length).toBeGreaterThan(0);
  for (const provider of providers) {
    expect({ urn: provider.urn, apiKey: provider.inputs?.apiKey }).toEqual({
      urn: provider.urn,
      apiKey: expect.objectContaining({ ciphertext: expect.any(String) }),
    });
  }
}

/** What is left in an emulator: its surveys and pending invites. */
async function leftIn(emulator: Emulator): Promise<{ surveys: unknown[]; invites: unknown[] }> {
  const surveys = await emulator.api<{ results: unknown[] }>(
    "GET",
    `/api/projects/${emulator.projectId}/surveys/`,
  );
  const invites = await emulator.api<{ results: unknown[] }>(
    "GET",
    `/api/organizations/${emulator.organizationId}/invites/`,
  );
  return { surveys: surveys.results, invites: invites.results };
}

/**
 * The same program on the dynamic providers, through the same CLI: what every language is compared with. Run once,
 * by the first quickstart test that needs it.
 */
let dynamicFaceRun: Promise<StepRequests[]> | undefined;
function dynamicFace(cli: string): Promise<StepRequests[]> {
  dynamicFaceRun ??= (async () => {
    const project = await preparePluginProject(cli, DYNAMIC_TYPESCRIPT);
    const emulator = await startTestEmulator(KEYS.a);
    try {
      project.useProgram(DYNAMIC_TYPESCRIPT.quickstart);
      await project.newStack("quickstart", emulatorStackConfig("posthog", emulator));
      const steps = await runQuickstart(project, emulator, { plugin: false });
      console.log(
        `dynamic TypeScript (pulumi-posthog) quickstart, requests PostHog received:\n${table(steps)}`,
      );
      return steps;
    } finally {
      await emulator.close();
      project.cleanup();
    }
  })();
  return dynamicFaceRun;
}

/** A value's shape: its keys at every depth, each leaf replaced by its type (ids and dates differ per emulator). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, v]) => [key, shapeOf(v)]),
    );
  return value === null ? "null" : typeof value;
}

/**
 * getSurveys' survey as each language's program exported it: the first language run sets the shape, and every
 * other must give the same one. The schema states a property that may be null as optional, and the plugin leaves
 * null out of a function's answer, so no language shows a null (TypeScript did), a zero object (Go gave
 * `appearance: {extra: {}}`) or a key another language drops.
 */
let firstShape: { language: string; shape: unknown } | undefined;
function expectOneShape(language: string, survey: Record<string, unknown>): void {
  console.log(`${language}: getSurveys' survey as exported:\n${JSON.stringify(survey)}`);
  const shape = shapeOf(survey);
  expect(JSON.stringify(shape)).not.toContain('"null"');
  expect(survey).not.toHaveProperty("appearance");
  firstShape ??= { language, shape };
  expect({ language, shape }).toEqual({ language, shape: firstShape.shape });
}

function table(steps: StepRequests[]): string {
  return steps.map((s) => `${s.step}: ${s.requests.join(" | ") || "(none)"}`).join("\n");
}

describe.each(PLUGIN_LANGUAGES.map((language) => [language.name, language] as const))(
  "the plugin in %s through the real CLI",
  (name, language) => {
    let project: PluginProject | undefined;
    beforeAll(async () => {
      if (!pulumi) return;
      const started = Date.now();
      project = await preparePluginProject(pulumi, language);
      console.log(`${name}: package add and dependencies in ${Math.round((Date.now() - started) / 1000)} s`);
    });
    afterAll(() => project?.cleanup());

    const ready = (): PluginProject => {
      if (!project) throw new Error("the program folder was not prepared (see beforeAll's error)");
      return project;
    };

    withCli(
      `quickstart (${language.quickstart}): the same requests as the dynamic face at every step`,
      async () => {
        const p = ready();
        const emulator = await startTestEmulator(KEYS.a);
        try {
          p.useProgram(language.quickstart);
          await p.newStack("quickstart", emulatorStackConfig(PACKAGE_NAME, emulator));
          const steps = await runQuickstart(p, emulator, { plugin: true });
          console.log(
            `${name} quickstart, requests PostHog received:\n${steps
              .map((s) => `${s.step}: ${s.requests.join(" | ") || "(none)"}`)
              .join("\n")}`,
          );
          expect(steps).toEqual(await dynamicFace(p.pulumi));
          expect(await leftIn(emulator)).toEqual({ surveys: [], invites: [] });
          expect(p.printed()).not.toContain(emulator.apiKey);
        } finally {
          await emulator.close();
        }
      },
    );

    withCli("two explicit providers on two emulators, with invokes through each", async () => {
      const p = ready();
      const a = await startTestEmulator(KEYS.a);
      const b = await startTestEmulator(KEYS.b);
      try {
        p.useProgram(language.twoHosts);
        await p.newStack("two-hosts", {
          hostA: a.url,
          keyA: { secret: a.apiKey },
          projectA: String(a.projectId),
          hostB: b.url,
          keyB: { secret: b.apiKey },
          projectB: String(b.projectId),
          organizationB: b.organizationId,
        });
        await a.take();
        await b.take();
        await p.cli("up", "--yes", "--skip-preview");
        const outputs = JSON.parse((await p.cli("stack", "output", "--json")).stdout) as {
          surveysOnB: Record<string, unknown>[];
          nameOnA: string;
        };
        expect({ surveysOnB: outputs.surveysOnB.map((s) => s.name), nameOnA: outputs.nameOnA }).toEqual({
          surveysOnB: ["Survey on B"],
          nameOnA: "Survey on A",
        });
        expectOneShape(name, outputs.surveysOnB[0] ?? {});
        const [onA, onB] = [await a.take(), await b.take()];
        console.log(`${name} two hosts, requests:\nA: ${onA.join(" | ")}\nB: ${onB.join(" | ")}`);
        // Each host received its own resources and function calls, and nothing of the other's.
        expect(onA.filter((r) => r.startsWith("POST "))).toEqual([
          expect.stringMatching(/^POST \/api\/projects\/\d+\/surveys\/ 201 .*"name":"Survey on A"/),
        ]);
        expect(onA.some((r) => /^GET \/api\/projects\/\d+\/surveys\/:id\/ 200/.test(r))).toBe(true);
        expect(onB.filter((r) => r.startsWith("POST ")).sort()).toEqual([
          expect.stringMatching(/^POST \/api\/organizations\/:org\/invites\/ 201 .*b@example.com/),
          expect.stringMatching(/^POST \/api\/projects\/\d+\/surveys\/ 201 .*"name":"Survey on B"/),
        ]);
        expect(onB.some((r) => /^GET \/api\/projects\/\d+\/surveys\/\?.*search=Survey/.test(r))).toBe(true);
        expect(onA.join("\n")).not.toMatch(/Survey on B|b@example.com/);
        expect(onB.join("\n")).not.toContain("Survey on A");

        await p.cli("preview", "--expect-no-changes");
        await expectKeyOnlyEncrypted(p, [a.apiKey, b.apiKey], { plugin: true });
        await p.cli("destroy", "--yes", "--skip-preview");
        expect({ a: await leftIn(a), b: await leftIn(b) }).toEqual({
          a: { surveys: [], invites: [] },
          b: { surveys: [], invites: [] },
        });
        expect(p.printed()).not.toContain(a.apiKey);
        expect(p.printed()).not.toContain(b.apiKey);
      } finally {
        await a.close();
        await b.close();
      }
    });

    withCli(
      "import of a Survey and an Invite: the generated code compiles and the next preview is clean",
      async () => {
        const p = ready();
        const emulator = await startTestEmulator(KEYS.a);
        try {
          language.useEmptyProgram(p.dir);
          await p.newStack("imports", emulatorStackConfig(PACKAGE_NAME, emulator));
          // Made outside Pulumi, as in PostHog's UI.
          const survey = await emulator.api<{ id: string }>(
            "POST",
            `/api/projects/${emulator.projectId}/surveys/`,
            {
              name: "Made in the UI",
              type: "popover",
              description: "from the UI",
              questions: [{ type: "rating", question: "Rate us", scale: 10, display: "number" }],
            },
          );
          const invite = await emulator.api<{ id: string }>(
            "POST",
            `/api/organizations/${emulator.organizationId}/invites/`,
            { target_email: "imported@example.com", level: 8, first_name: "Imp" },
          );
          fs.writeFileSync(
            path.join(p.dir, "import.json"),
            JSON.stringify({
              resources: [
                { type: RESOURCE_TOKENS.Survey, name: "imported-survey", id: survey.id },
                { type: RESOURCE_TOKENS.Invite, name: "imported-invite", id: invite.id },
              ],
            }),
          );
          await p.cli(
            "import",
            "--file",
            "import.json",
            "--yes",
            "--protect=false",
            "--out",
            language.importOut,
          );
          const generated = fs.readFileSync(path.join(p.dir, language.importOut), "utf8");
          console.log(`${name}: pulumi import --out ${language.importOut}:\n${generated}`);
          await language.adoptImported(p, language.importOut);

          await emulator.take();
          const preview = await p.cli("preview", "--expect-no-changes");
          expect(preview.stdout).toMatch(/3 unchanged/);
          expect(await emulator.take()).toEqual([]);

          await expectKeyOnlyEncrypted(p, [emulator.apiKey], { plugin: true });
          await p.cli("destroy", "--yes", "--skip-preview");
          expect(await leftIn(emulator)).toEqual({ surveys: [], invites: [] });
          expect(p.printed()).not.toContain(emulator.apiKey);
        } finally {
          await emulator.close();
        }
      },
    );
  },
);
