// Issue 50, items 3, 4, 8 and 9, through the real `pulumi` CLI (docs/contributing/interrupted-runs.md, "Claims"):
// - adopt across provider processes: a YAML Survey and Invite renamed and moved to an explicit provider, with
//   `adopt`; the old names' deletes run in the default provider's process and must leave both objects alone, and a
//   later refresh and up send no second invitation;
// - two components of different types, each with a child Survey "nps" of the same args: the second child never
//   takes over the first's survey;
// - `up --target` of one Survey on a new stack: on the dynamic face the stack's mark is left out, and the create
//   refuses, naming the mark's URN; on the plugin face the provider (always targeted) carries the mark;
// - a teammate on another backend: the preview warns naming each object, the up refuses, each refusal within 80
//   words and naming the teammate's backend first.
// The emulator's requests after each step go to .tmp/claims/<case>.txt (written before the assertions).
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import {
  dynamicStackConfig,
  openProgramFolder,
  outcome,
  PLUGIN_FOLDER,
  type CliRun,
  type ProgramFolder,
} from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { runCommand } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const QUESTIONS = [{ type: "open", question: "How likely are you to recommend us?" }];
const EMAIL = "claims@example.com";
const DYNAMIC_SURVEY = "pulumi-nodejs:dynamic/posthog:Survey";

/** A transcript of one case: what the CLI said and what PostHog received, step by step. */
class Transcript {
  private readonly lines: string[] = [];
  constructor(
    private readonly label: string,
    private readonly emulator: EmulatorHandle,
  ) {}
  said(command: string, text: string): void {
    this.lines.push(`$ ${command}`, text.trim(), "");
  }
  /** The requests PostHog received since the last step (then forgotten), written down under `title`. */
  async step(title: string): Promise<LoggedRequest[]> {
    const { url, apiKey } = this.emulator;
    const { requests } = (await emulatorCall(url, apiKey, "GET", "/_emulator/requests")).body as {
      requests: LoggedRequest[];
    };
    await emulatorCall(url, apiKey, "DELETE", "/_emulator/requests");
    this.lines.push(
      `## ${title}`,
      "requests:",
      ...requests.map((r) => `  ${r.method} ${r.path} ${r.status}`),
      "",
    );
    return requests;
  }
  write(): void {
    const folder = path.join(REPO_ROOT, ".tmp", "claims");
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${this.label}.txt`), this.lines.join("\n"));
    console.log(`${this.label}:\n${this.lines.join("\n")}`);
  }
}

const writes = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path} ${r.status}`);
const invitePosts = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method === "POST" && /\/invites\/$/.test(r.path));

/** The errors the CLI printed for resources (its `error: ` lines), one per refusal. */
function errorsOf(said: string): string[] {
  return said
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("error: ") && line.includes("cannot prove"))
    .map((line) => line.slice("error: ".length));
}
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

async function withEmulator(body: (folder: ProgramFolder, emulator: EmulatorHandle) => Promise<void>) {
  if (!pulumi) throw new Error("runs only with a pulumi CLI");
  const folder = openProgramFolder(pulumi);
  const emulator = await startEmulator({ port: 0 });
  try {
    await body(folder, emulator);
  } finally {
    await emulator.close();
    folder.cleanup();
  }
}

/** The plugin's stack config for `emulator` (the key secret), as `config set-all` takes it. */
function pluginConfig(emulator: EmulatorHandle, checkKeyAndHost = false) {
  return {
    [`${PACKAGE_NAME}:host`]: emulator.url,
    [`${PACKAGE_NAME}:projectId`]: String(emulator.projectId),
    [`${PACKAGE_NAME}:organizationId`]: emulator.organizationId,
    [`${PACKAGE_NAME}:checkKeyAndHost`]: String(checkKeyAndHost),
    [`${PACKAGE_NAME}:apiKey`]: { secret: emulator.apiKey },
  };
}

/** Pulumi.yaml with these resources, keeping what `pulumi package add` wrote (its packages entry). */
function writeYaml(dir: string, name: string, resources: Record<string, unknown>, extra = {}): void {
  const file = path.join(dir, "Pulumi.yaml");
  const kept: Record<string, unknown> = fs.existsSync(file) ? YAML.parse(fs.readFileSync(file, "utf8")) : {};
  fs.writeFileSync(
    file,
    YAML.stringify({ ...kept, name, runtime: "yaml", ...extra, resources }, { aliasDuplicateObjects: false }),
  );
}

interface Checkpoint {
  deployment: { resources?: { urn: string; type: string; id?: string }[] };
}
async function heldIds(cli: (...args: string[]) => Promise<CliRun>): Promise<string[]> {
  const state = JSON.parse((await cli("stack", "export")).stdout) as Checkpoint;
  return (state.deployment.resources ?? [])
    .filter((r) => /Survey$|Invite$/.test(r.type) && r.id)
    .map((r) => `${r.urn.split("::").pop()} ${String(r.id)}`)
    .sort();
}

describe("claims reach every provider process of a run (item 3), through the real Pulumi CLI", () => {
  withCli(
    "plugin (YAML): a Survey and an Invite renamed under an explicit provider with adopt: nothing deleted, no second email",
    () =>
      withEmulator(async (folder, emulator) => {
        const t = new Transcript("adopt-across-processes", emulator);
        const survey = { name: "Claims: NPS", type: "popover", questions: QUESTIONS };
        const invite = { targetEmail: EMAIL, level: "member", sendEmail: false };
        try {
          writeYaml(folder.dir, "claims", {
            nps: { type: RESOURCE_TOKENS.Survey, properties: survey },
            newcomer: { type: RESOURCE_TOKENS.Invite, properties: invite },
          });
          await folder.cli("package", "add", path.join(folder.dir, PLUGIN_FOLDER));
          await folder.newStack("dev", pluginConfig(emulator));
          t.said("pulumi up", (await folder.cli("up", "--yes", "--skip-preview")).stdout);
          await t.step("up: nps and newcomer under the default provider");
          const first = Object.fromEntries((await heldIds(folder.cli)).map((line) => line.split(" ")));
          const surveyId = String(first.nps);
          const inviteId = String(first.newcomer);

          // Renamed and moved to an explicit provider (another process), adopting what the old names hold.
          const explicit = {
            type: `pulumi:providers:${PACKAGE_NAME}`,
            properties: {
              host: emulator.url,
              apiKey: "${phKey}",
              organizationId: emulator.organizationId,
              projectId: String(emulator.projectId),
              checkKeyAndHost: false,
            },
          };
          writeYaml(
            folder.dir,
            "claims",
            {
              explicit,
              "nps-moved": {
                type: RESOURCE_TOKENS.Survey,
                properties: { ...survey, adopt: { id: surveyId } },
                options: { provider: "${explicit}" },
              },
              "newcomer-moved": {
                type: RESOURCE_TOKENS.Invite,
                properties: { ...invite, adopt: true },
                options: { provider: "${explicit}" },
              },
            },
            { config: { phKey: { type: "string", secret: true } } },
          );
          await folder.cli("config", "set", "--secret", "phKey", emulator.apiKey);
          // The old names leave the program: the survey's question ids say this stack made it, so its adopt needs
          // the rename said (src/resources/survey/sibling.ts).
          folder.env.POSTHOG_ADOPT_FROM_THIS_STACK = surveyId;
          const moved = await outcome(folder.cli("up", "--yes", "--skip-preview"));
          delete folder.env.POSTHOG_ADOPT_FROM_THIS_STACK;
          t.said("pulumi up (renamed, explicit provider, adopt)", moved.said);
          const afterMove = await t.step("up: renamed under an explicit provider with adopt");
          const heldAfterMove = await heldIds(folder.cli);
          t.said("stack holds", heldAfterMove.join("\n"));

          const refreshed = await outcome(folder.cli("refresh", "--yes", "--skip-preview"));
          t.said("pulumi refresh", refreshed.said);
          const again = await outcome(folder.cli("up", "--yes", "--skip-preview"));
          t.said("pulumi up", again.said);
          const afterAgain = await t.step("refresh, then up");
          const state = (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/state"))
            .body as {
            surveys: { id: string }[];
            invites: { id: string }[];
          };
          t.write();

          expect(moved.ok).toBe(true);
          expect(writes(afterMove).filter((w) => w.startsWith("DELETE"))).toEqual([]);
          expect(invitePosts(afterMove)).toEqual([]);
          const said = moved.said.replace(/\s+/g, " ");
          expect(said).toContain(`not deleting survey ${surveyId}: resource "nps-moved"`);
          expect(said).toContain(`not deleting invite ${inviteId}: resource "newcomer-moved"`);
          expect(heldAfterMove).toEqual([`newcomer-moved ${inviteId}`, `nps-moved ${surveyId}`]);
          expect(again.ok).toBe(true);
          expect(invitePosts(afterAgain)).toEqual([]);
          expect(writes(afterAgain)).toEqual([]);
          expect(state.surveys.map((s) => s.id)).toEqual([surveyId]);
          expect(state.invites.map((i) => i.id)).toEqual([inviteId]);
        } finally {
          t.write();
        }
      }),
    1_800_000,
  );
});

describe("identity is the whole URN (item 4), through the real Pulumi CLI", () => {
  withCli(
    "dynamic (JavaScript): two components of different types, each with a child Survey nps, never share a survey",
    () =>
      withEmulator(async (folder, emulator) => {
        const t = new Transcript("two-components", emulator);
        const args = { name: "Claims: team NPS", type: "popover", questions: QUESTIONS };
        fs.writeFileSync(
          path.join(folder.dir, "Pulumi.yaml"),
          "name: components\nruntime: nodejs\nmain: index.js\n",
        );
        fs.writeFileSync(
          path.join(folder.dir, "index.js"),
          [
            'const pulumi = require("@pulumi/pulumi");',
            'const posthog = require("pulumi-posthog");',
            "for (const type of ['acme:index:Team', 'acme:index:Org']) {",
            "  const parent = new pulumi.ComponentResource(type, type.split(':')[2].toLowerCase());",
            `  new posthog.Survey("nps", ${JSON.stringify(args)}, { parent });`,
            "}",
            "",
          ].join("\n"),
        );
        try {
          await folder.newStack("dev", { ...dynamicStackConfig(emulator) });
          // One survey name in one project: the first up creates one child's survey; the other is refused.
          const first = await outcome(folder.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
          t.said("pulumi up", first.said);
          const afterFirst = await t.step("first up");
          const heldFirst = await heldIds(folder.cli);
          const second = await outcome(folder.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
          t.said("pulumi up (again)", second.said);
          const afterSecond = await t.step("second up");
          const state = JSON.parse((await folder.cli("stack", "export")).stdout) as Checkpoint;
          const children = (state.deployment.resources ?? []).filter((r) => r.type.endsWith(DYNAMIC_SURVEY));
          t.said("stack holds", children.map((r) => `${r.urn} ${String(r.id)}`).join("\n"));
          // When both children hold the one survey (a take-over), destroying one by target deletes it for both.
          const targeted = children.length > 1 ? children[1]?.urn : undefined;
          if (targeted) {
            const destroyed = await outcome(
              folder.cli("destroy", "--yes", "--skip-preview", "--target", targeted),
            );
            t.said(`pulumi destroy --target ${targeted}`, destroyed.said);
          }
          const afterDestroy = await t.step("destroy --target of the second child (when it holds one)");
          t.write();

          expect(heldFirst).toHaveLength(1);
          expect(writes(afterFirst).map((w) => w.replace(/ \/api\S+/, ""))).toEqual(["POST 201", "POST 400"]);
          const said = second.said.replace(/\s+/g, " ");
          expect(said).not.toContain("took over");
          expect(said).toContain("holds the name");
          // Only the one survey, held by one child; nothing deleted at any step.
          expect(children).toHaveLength(1);
          expect(writes(afterSecond).map((w) => w.replace(/ \/api\S+/, ""))).toEqual(["POST 400"]);
          expect(writes(afterDestroy)).toEqual([]);
        } finally {
          t.write();
        }
      }),
    1_800_000,
  );
});

describe("up --target of one Survey on a new stack (item 8), through the real Pulumi CLI", () => {
  const version8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8/;
  const questionIdsPosted = (requests: LoggedRequest[]) =>
    requests
      .filter((r) => r.method === "POST" && /\/surveys\/$/.test(r.path))
      .map((r) =>
        ((r.body as { questions?: { id?: string }[] }).questions ?? []).map((q) => q.id ?? "(none)"),
      );

  withCli("dynamic (JavaScript): refused, naming the mark's URN and the --target syntax; nothing sent", () =>
    withEmulator(async (folder, emulator) => {
      const t = new Transcript("target-dynamic", emulator);
      fs.writeFileSync(
        path.join(folder.dir, "Pulumi.yaml"),
        "name: targeted\nruntime: nodejs\nmain: index.js\n",
      );
      fs.writeFileSync(
        path.join(folder.dir, "index.js"),
        [
          'const posthog = require("pulumi-posthog");',
          `new posthog.Survey("nps", ${JSON.stringify({ name: "Claims: targeted", type: "popover", questions: QUESTIONS })});`,
          "",
        ].join("\n"),
      );
      try {
        await folder.newStack("dev", { ...dynamicStackConfig(emulator) });
        const urn = `urn:pulumi:dev::targeted::${DYNAMIC_SURVEY}::nps`;
        const targeted = await outcome(folder.cli("up", "--yes", "--skip-preview", "--target", urn));
        t.said(`pulumi up --target ${urn}`, targeted.said);
        const requests = await t.step("up --target of the survey on a new stack");
        t.said("question ids posted", JSON.stringify(questionIdsPosted(requests)));
        t.write();

        expect(targeted.ok).toBe(false);
        expect(writes(requests)).toEqual([]);
        const said = targeted.said.replace(/\s+/g, " ");
        const mark = "urn:pulumi:dev::targeted::pulumi-nodejs:dynamic/posthog:StackMark::posthog-stack-mark";
        expect(said).toContain(`pulumi up --target '${mark}' --target '${urn}'`);
        expect(said).toContain("or run pulumi up once without --target");
      } finally {
        t.write();
      }
    }),
  );

  withCli("plugin (YAML): the provider is always targeted, so the create carries the stack's mark", () =>
    withEmulator(async (folder, emulator) => {
      const t = new Transcript("target-yaml", emulator);
      try {
        writeYaml(folder.dir, "targeted", {
          nps: {
            type: RESOURCE_TOKENS.Survey,
            properties: { name: "Claims: targeted", type: "popover", questions: QUESTIONS },
          },
        });
        await folder.cli("package", "add", path.join(folder.dir, PLUGIN_FOLDER));
        await folder.newStack("dev", pluginConfig(emulator));
        const urn = `urn:pulumi:dev::targeted::${RESOURCE_TOKENS.Survey}::nps`;
        const targeted = await outcome(folder.cli("up", "--yes", "--skip-preview", "--target", urn));
        t.said(`pulumi up --target ${urn}`, targeted.said);
        const requests = await t.step("up --target of the survey on a new stack");
        const ids = questionIdsPosted(requests);
        t.said("question ids posted", JSON.stringify(ids));
        t.write();

        expect(targeted.ok).toBe(true);
        expect(ids).toHaveLength(1);
        expect(ids[0]?.[0]).toMatch(version8);
      } finally {
        t.write();
      }
    }),
  );
});

describe("a teammate on another backend (item 9), through the real Pulumi CLI", () => {
  /** The CLI against the file:// backend `<folder>/<name>` (each person's `pulumi login --local`). */
  function backend(folder: ProgramFolder, name: string) {
    const url = `file://${path.join(folder.dir, name)}`;
    fs.mkdirSync(path.join(folder.dir, name), { recursive: true });
    return async (...args: string[]): Promise<CliRun> => {
      try {
        const { stdout, stderr } = await runCommand(folder.pulumi, [...args, "--non-interactive"], {
          cwd: folder.dir,
          env: { ...folder.env, PULUMI_BACKEND_URL: url },
        });
        return { stdout, stderr };
      } catch (error) {
        const e = error as Error & { stdout?: string; stderr?: string };
        throw Object.assign(new Error(`pulumi ${args.join(" ")} failed`), {
          stdout: e.stdout,
          stderr: e.stderr,
        });
      }
    };
  }

  async function teammate(
    label: string,
    folder: ProgramFolder,
    emulator: EmulatorHandle,
    config: (checkKeyAndHost: boolean) => Record<string, string | { secret: string }>,
  ): Promise<void> {
    const t = new Transcript(label, emulator);
    const a = backend(folder, ".backend-a");
    const b = backend(folder, ".backend-b");
    const init = async (cli: typeof a, checkKeyAndHost: boolean) => {
      await cli("stack", "init", "dev");
      const pairs = Object.entries(config(checkKeyAndHost)).flatMap(([key, value]) =>
        typeof value === "string"
          ? ["--plaintext", `${key}=${value}`]
          : ["--secret", `${key}=${value.secret}`],
      );
      await cli("config", "set-all", ...pairs);
    };
    try {
      await init(a, false);
      t.said("A: pulumi up", (await a("up", "--yes", "--skip-preview")).stdout);
      await t.step("A's up");
      const state = (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/state")).body as {
        surveys: { id: string }[];
        invites: { id: string }[];
      };
      // B: the same program on another backend, with the preview's requests on (the default).
      await init(b, true);
      const preview = await outcome(b("preview"));
      t.said("B: pulumi preview", preview.said);
      const afterPreview = await t.step("B's preview");
      const up = await outcome(b("up", "--yes", "--skip-preview", "--continue-on-error"));
      t.said("B: pulumi up", up.said);
      const afterUp = await t.step("B's up");
      const errors = errorsOf(up.said);
      t.said("B's refusals, in words", errors.map((e) => `${words(e)}: ${e}`).join("\n"));
      t.write();

      const previewed = preview.said.replace(/\s+/g, " ");
      for (const survey of state.surveys)
        expect(previewed).toContain(`survey ${survey.id} already holds this name`);
      expect(previewed).toContain(`pending invite ${state.invites[0]?.id} for ${EMAIL}`);
      expect(previewed).toContain("If a teammate's stack manages it, use that stack's backend.");
      expect(writes(afterPreview)).toEqual([]);
      expect(up.ok).toBe(false);
      expect(invitePosts(afterUp)).toEqual([]);
      expect(writes(afterUp).filter((w) => !w.startsWith("POST"))).toEqual([]);
      expect(errors.length).toBe(state.surveys.length + state.invites.length);
      for (const error of errors) {
        expect(words(error)).toBeLessThanOrEqual(80);
        const teammateAt = error.indexOf("If a teammate's stack manages it, use that stack's backend.");
        expect(teammateAt).toBeGreaterThan(0);
        expect(teammateAt).toBeLessThan(error.indexOf("alias"));
        expect(teammateAt).toBeLessThan(error.indexOf("adopt"));
      }
    } finally {
      t.write();
    }
  }

  const surveys = ["Claims: teammate NPS", "Claims: teammate onboarding"];

  withCli("dynamic (JavaScript): the preview warns naming each object; each refusal within 80 words", () =>
    withEmulator(async (folder, emulator) => {
      fs.writeFileSync(
        path.join(folder.dir, "Pulumi.yaml"),
        "name: teammate\nruntime: nodejs\nmain: index.js\n",
      );
      fs.writeFileSync(
        path.join(folder.dir, "index.js"),
        [
          'const posthog = require("pulumi-posthog");',
          ...surveys.map(
            (name, i) =>
              `new posthog.Survey("s${i}", ${JSON.stringify({ name, type: "popover", questions: QUESTIONS })});`,
          ),
          `new posthog.Invite("newcomer", ${JSON.stringify({ targetEmail: EMAIL, level: "member" })});`,
          "",
        ].join("\n"),
      );
      await teammate("teammate-dynamic", folder, emulator, (checkKeyAndHost) => ({
        ...dynamicStackConfig(emulator),
        "posthog:checkKeyAndHost": String(checkKeyAndHost),
      }));
    }),
  );

  withCli("plugin (YAML): the preview warns naming each object; each refusal within 80 words", () =>
    withEmulator(async (folder, emulator) => {
      writeYaml(folder.dir, "teammate", {
        ...Object.fromEntries(
          surveys.map((name, i) => [
            `s${i}`,
            { type: RESOURCE_TOKENS.Survey, properties: { name, type: "popover", questions: QUESTIONS } },
          ]),
        ),
        newcomer: { type: RESOURCE_TOKENS.Invite, properties: { targetEmail: EMAIL, level: "member" } },
      });
      await folder.cli("package", "add", path.join(folder.dir, PLUGIN_FOLDER));
      await teammate("teammate-yaml", folder, emulator, (checkKeyAndHost) =>
        pluginConfig(emulator, checkKeyAndHost),
      );
    }),
  );
});
