// The stack's mark through the real `pulumi` CLI (docs/contributing/interrupted-runs.md, "The stack's mark"), on
// both faces: the dynamic providers (a JavaScript program) and the plugin (a YAML program), one emulator.
// - Two people, each on a local backend of their own (`pulumi login --local`: two file:// backends here), run one
//   program as stack `dev`: same project, same stack name. The second `up` must not take over the first's survey,
//   and its `destroy` must not delete it.
// - `pulumi stack rename dev old-dev`, `pulumi stack init dev`, `up`, `destroy`: the new `dev` leaves old-dev's
//   survey alone.
// - One stack keeps its mark across the rename and across `stack export` / `stack import` to another backend: with
//   its survey's record dropped from the state (as an interrupted create leaves it: `pulumi state delete`), its
//   next `up` takes the survey over, with the warning, and posts nothing.
// The requests PostHog received and the survey ids each stack holds after each step go to
// .tmp/stack-mark/<face>.txt (written before the assertions, so a failing run still shows what happened).
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import {
  dynamicStackConfig,
  openProgramFolder,
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

const SURVEY = "Shared NPS";
const QUESTIONS = [{ type: "open", question: "How likely are you to recommend us?" }];

const DYNAMIC_PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  `new posthog.Survey("nps", { name: ${JSON.stringify(SURVEY)}, type: "popover", questions: ${JSON.stringify(QUESTIONS)} });`,
  "",
].join("\n");

const YAML_PROGRAM = {
  name: "stack-mark",
  runtime: "yaml",
  resources: {
    nps: {
      type: RESOURCE_TOKENS.Survey,
      properties: { name: SURVEY, type: "popover", questions: QUESTIONS },
    },
  },
};

interface Checkpoint {
  deployment: {
    /** Absent once a stack's resources are all deleted. */
    resources?: { urn: string; type: string; id?: string; inputs?: Record<string, unknown> }[];
  };
}

/** A CLI on one backend: `pulumi <args> --non-interactive` in the program's folder. */
type Cli = (...args: string[]) => Promise<CliRun>;

interface Face {
  label: string;
  folder: ProgramFolder;
  emulator: EmulatorHandle;
  /** The stack config a new stack gets, namespaced keys; `{secret}` values encrypted. */
  config: Record<string, string | { secret: string }>;
  /** The survey resource's type in the state. */
  surveyType: string;
}

/** The CLI against the file:// backend in `<folder>/<name>` (each person's `pulumi login --local`). */
function backend({ folder }: Pick<Face, "folder">, name: string): Cli {
  const url = `file://${path.join(folder.dir, name)}`;
  fs.mkdirSync(path.join(folder.dir, name), { recursive: true });
  return async (...args) => {
    try {
      const { stdout, stderr } = await runCommand(folder.pulumi, [...args, "--non-interactive"], {
        cwd: folder.dir,
        env: { ...folder.env, PULUMI_BACKEND_URL: url },
      });
      return { stdout, stderr };
    } catch (error) {
      const e = error as Error & { stdout?: string; stderr?: string };
      throw Object.assign(
        new Error(`pulumi ${args.join(" ")} failed:\n${e.stdout ?? ""}\n${e.stderr ?? ""}`),
        {
          stdout: e.stdout,
          stderr: e.stderr,
        },
      );
    }
  };
}

async function initStack(face: Face, cli: Cli, name: string): Promise<void> {
  await cli("stack", "init", name);
  const pairs = Object.entries(face.config).flatMap(([key, value]) =>
    typeof value === "string" ? ["--plaintext", `${key}=${value}`] : ["--secret", `${key}=${value.secret}`],
  );
  await cli("config", "set-all", "--stack", name, ...pairs);
}

async function control<T>(face: Face, method: string, route: string): Promise<T> {
  const res = await emulatorCall(face.emulator.url, face.emulator.apiKey, method, `/_emulator${route}`);
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const failureOf = (attempt: Promise<CliRun>) =>
  attempt.then(
    (done) => {
      throw new Error(`expected the run to fail; it printed:\n${done.stdout}`);
    },
    (error: Error & { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}\n${error.stderr ?? ""}`,
  );

async function resourcesOf(cli: Cli, stack: string) {
  const state = JSON.parse((await cli("stack", "export", "--stack", stack)).stdout) as Checkpoint;
  return state.deployment.resources ?? [];
}

/** The survey ids a stack records. */
async function surveysOf(face: Face, cli: Cli, stack: string): Promise<string[]> {
  return (await resourcesOf(cli, stack))
    .filter((r) => r.type === face.surveyType && r.id)
    .map((r) => String(r.id));
}

/** The stack's mark as its state holds it: the mark resource's id (dynamic), the provider's input (plugin). */
async function markOf(cli: Cli, stack: string): Promise<string | undefined> {
  const resources = await resourcesOf(cli, stack);
  const dynamic = resources.find((r) => r.type.endsWith(":StackMark"));
  if (dynamic) return dynamic.id;
  const provider = resources.find((r) => r.type === `pulumi:providers:${PACKAGE_NAME}`);
  const mark = provider?.inputs?.__stackMark;
  return typeof mark === "string" ? mark : undefined;
}

async function scenario(face: Face): Promise<void> {
  const transcript: string[] = [];
  const said = (title: string, text: string) => transcript.push(`$ ${title}`, text.trim(), "");
  const a = backend(face, ".backend-a");
  const b = backend(face, ".backend-b");
  const c = backend(face, ".backend-c");
  const step = async (title: string, holders: [string, Cli, string][]) => {
    const state = await control<{ surveys: { id: string; name: string }[] }>(face, "GET", "/state");
    const { requests } = await control<{ requests: LoggedRequest[] }>(face, "GET", "/requests");
    await control(face, "DELETE", "/requests");
    const held: string[] = [];
    for (const [who, cli, stack] of holders)
      held.push(`  ${who}: ${JSON.stringify(await surveysOf(face, cli, stack))}`);
    const writes = requests.filter((r) => r.method !== "GET");
    transcript.push(
      `## ${title}`,
      `surveys in PostHog: ${JSON.stringify(state.surveys.map((s) => [s.name, s.id]))}`,
      "survey ids each stack holds:",
      ...held,
      "POSTs and DELETEs PostHog received:",
      ...writes.map((r) => `  ${r.method} ${r.path} ${r.status}`),
      "",
    );
    return { surveys: state.surveys.map((s) => s.id), writes: writes.map((r) => `${r.method} ${r.status}`) };
  };
  const write = () => {
    fs.mkdirSync(path.join(REPO_ROOT, ".tmp", "stack-mark"), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, ".tmp", "stack-mark", `${face.label}.txt`), transcript.join("\n"));
  };

  try {
    // Person A: `dev` on backend A.
    await initStack(face, a, "dev");
    said("A: pulumi up", (await a("up", "--yes", "--skip-preview", "--stack", "dev")).stdout);
    const afterA = await step("after A's up", [["A dev", a, "dev"]]);
    expect(afterA.surveys).toHaveLength(1);
    expect(afterA.writes).toEqual(["POST 201"]);
    const [survey] = afterA.surveys;
    const markA = await markOf(a, "dev");

    // Person B: `dev` of the same project on backend B. Its up meets A's survey holding the name.
    await initStack(face, b, "dev");
    const refused = await failureOf(b("up", "--yes", "--skip-preview", "--stack", "dev"));
    said("B: pulumi up", refused);
    const afterB = await step("after B's up", [
      ["A dev", a, "dev"],
      ["B dev", b, "dev"],
    ]);
    said("B: pulumi destroy", (await b("destroy", "--yes", "--skip-preview", "--stack", "dev")).stdout);
    const afterBDestroy = await step("after B's destroy", [
      ["A dev", a, "dev"],
      ["B dev", b, "dev"],
    ]);

    // A renames `dev` to `old-dev` and starts a new `dev` on the same backend.
    await a("stack", "rename", "old-dev", "--stack", "dev");
    await initStack(face, a, "dev");
    const renamed = await failureOf(a("up", "--yes", "--skip-preview", "--stack", "dev"));
    said("A: pulumi stack rename old-dev; pulumi stack init dev; pulumi up", renamed);
    const afterNewDev = await step("after the new dev's up", [
      ["A old-dev", a, "old-dev"],
      ["A dev (new)", a, "dev"],
    ]);
    said(
      "A: pulumi destroy --stack dev",
      (await a("destroy", "--yes", "--skip-preview", "--stack", "dev")).stdout,
    );
    const afterNewDevDestroy = await step("after the new dev's destroy", [
      ["A old-dev", a, "old-dev"],
      ["A dev (new)", a, "dev"],
    ]);
    await a("refresh", "--yes", "--skip-preview", "--expect-no-changes", "--stack", "old-dev");
    await a("preview", "--expect-no-changes", "--stack", "old-dev");
    const markRenamed = await markOf(a, "old-dev");

    // The same stack across the rename: its survey's record dropped (as an interrupted create leaves it), the
    // next up takes it over and posts nothing.
    const urn = (await resourcesOf(a, "old-dev")).find((r) => r.type === face.surveyType)?.urn;
    await a("state", "delete", String(urn), "--yes", "--stack", "old-dev");
    await control(face, "DELETE", "/requests");
    const tookOver = await a("up", "--yes", "--skip-preview", "--stack", "old-dev");
    said("A: pulumi state delete <survey>; pulumi up --stack old-dev", tookOver.stdout + tookOver.stderr);
    const afterTakeOver = await step("after old-dev's up (record dropped)", [["A old-dev", a, "old-dev"]]);

    // And across export / import to another backend (C), under its name there (import keeps a stack's URNs).
    const file = path.join(face.folder.dir, "old-dev.json");
    fs.writeFileSync(file, (await a("stack", "export", "--stack", "old-dev")).stdout);
    await initStack(face, c, "old-dev");
    await c("stack", "import", "--file", file, "--stack", "old-dev");
    const markMoved = await markOf(c, "old-dev");
    const movedUrn = (await resourcesOf(c, "old-dev")).find((r) => r.type === face.surveyType)?.urn;
    await c("state", "delete", String(movedUrn), "--yes", "--stack", "old-dev");
    await control(face, "DELETE", "/requests");
    const movedUp = await c("up", "--yes", "--skip-preview", "--stack", "old-dev");
    said(
      "C: pulumi stack import; pulumi state delete <survey>; pulumi up --stack old-dev",
      movedUp.stdout + movedUp.stderr,
    );
    const afterMoved = await step("after the imported stack's up (record dropped)", [
      ["C old-dev", c, "old-dev"],
    ]);
    transcript.push(`marks: A dev ${markA}; after rename ${markRenamed}; imported on C ${markMoved}`, "");
    write();

    // B's up: refused, naming A's survey; no take-over; only the POST PostHog refused for the name.
    expect(refused).toContain(`Survey ${survey} holds the name`);
    expect(refused).toContain("cannot prove it is its own");
    expect(refused).not.toContain("took over");
    expect(afterB.writes).toEqual(["POST 400"]);
    expect(afterB.surveys).toEqual([survey]);
    expect(await surveysOf(face, b, "dev")).toEqual([]);
    // B's destroy deletes nothing of A's.
    expect(afterBDestroy.writes).toEqual([]);
    expect(afterBDestroy.surveys).toEqual([survey]);
    // The new dev after a rename: the same.
    expect(renamed).toContain(`Survey ${survey} holds the name`);
    expect(renamed).not.toContain("took over");
    expect(afterNewDev.writes).toEqual(["POST 400"]);
    expect(afterNewDevDestroy.writes).toEqual([]);
    expect(afterNewDevDestroy.surveys).toEqual([survey]);
    // One stack keeps its mark across rename and export/import, and so proves its own survey.
    expect(markA).toBeDefined();
    expect([markRenamed, markMoved]).toEqual([markA, markA]);
    expect(tookOver.stdout + tookOver.stderr).toContain(`took over survey ${survey}`);
    expect(afterTakeOver.writes).toEqual(["POST 400"]);
    expect(await surveysOf(face, a, "old-dev")).toEqual([survey]);
    expect(movedUp.stdout + movedUp.stderr).toContain(`took over survey ${survey}`);
    expect(afterMoved.writes).toEqual(["POST 400"]);
    expect(afterMoved.surveys).toEqual([survey]);
  } finally {
    write();
  }
}

async function withFace(
  label: string,
  surveyType: string,
  prepare: (folder: ProgramFolder, emulator: EmulatorHandle) => Promise<Face["config"]>,
): Promise<void> {
  if (!pulumi) throw new Error("runs only with a pulumi CLI");
  const folder = openProgramFolder(pulumi);
  const emulator = await startEmulator({ port: 0 });
  try {
    const config = await prepare(folder, emulator);
    await scenario({ label, folder, emulator, config, surveyType });
  } finally {
    await emulator.close();
    folder.cleanup();
  }
}

describe("the stack's mark tells stacks apart that share project and stack name, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program): two backends, and a stack re-created under a renamed one's name",
    () =>
      withFace("dynamic", "pulumi-nodejs:dynamic/posthog:Survey", async (folder, emulator) => {
        fs.writeFileSync(
          path.join(folder.dir, "Pulumi.yaml"),
          "name: stack-mark\nruntime: nodejs\nmain: index.js\n",
        );
        fs.writeFileSync(path.join(folder.dir, "index.js"), DYNAMIC_PROGRAM);
        return { ...dynamicStackConfig(emulator), "posthog:apiKey": { secret: emulator.apiKey } };
      }),
    1_800_000,
  );

  withCli(
    "plugin (YAML program): two backends, and a stack re-created under a renamed one's name",
    () =>
      withFace("plugin-yaml", RESOURCE_TOKENS.Survey, async (folder, emulator) => {
        fs.writeFileSync(path.join(folder.dir, "Pulumi.yaml"), YAML.stringify(YAML_PROGRAM));
        await folder.cli("package", "add", path.join(folder.dir, PLUGIN_FOLDER));
        return {
          [`${PACKAGE_NAME}:host`]: emulator.url,
          [`${PACKAGE_NAME}:projectId`]: String(emulator.projectId),
          [`${PACKAGE_NAME}:organizationId`]: emulator.organizationId,
          [`${PACKAGE_NAME}:checkKeyAndHost`]: "false",
          [`${PACKAGE_NAME}:apiKey`]: { secret: emulator.apiKey },
        };
      }),
    1_800_000,
  );
});
