// Issue 55, item 7 (case 9), through the real `pulumi` CLI: one object, one resource of the stack. Two Surveys of
// one stack declare one name; the first makes the survey and the second's create is refused. The refusal names the
// first resource (not "this stack cannot prove it is its own") and gives no `adopt` advice; and the second declared
// with `adopt: {id}` of the first's survey is refused too, naming the first, so no PATCH writes its questions over
// the first's. The transcript (what the CLI said and what PostHog received) goes to .tmp/case-9/dynamic.txt.
// The other order, the second stepped before the first's diff (so the run holds no claim yet), is told by the
// survey's question ids, whose first 48 bits are the stack's (src/resources/survey/ownership.ts, siblingMade): its
// create and its adopt are refused, nothing is written, and POSTHOG_ADOPT_FROM_THIS_STACK is the way out once the
// first has left the state (.tmp/case-9/other-order.txt); on the plugin face (YAML) the adopt of that order too.
import fs from "node:fs";
import path from "node:path";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import {
  dynamicStackConfig,
  inInstalledProgram,
  openProgramFolder,
  readProject,
  writeProject,
  yamlPluginStack,
  type ProgramFolder,
} from "./program-folder";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const NAME = "Case 9: NPS";
const FIRST = [{ type: "open", question: "How likely are you to recommend us?" }];
const SECOND = [{ type: "open", question: "What should we build next?" }];

/** The CLI's words, whether the run succeeded or failed. */
async function said(
  run: Promise<{ stdout: string; stderr: string }>,
): Promise<{ ok: boolean; text: string }> {
  try {
    const done = await run;
    return { ok: true, text: `${done.stdout}\n${done.stderr}` };
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    return { ok: false, text: `${e.stdout ?? ""}\n${e.stderr ?? ""}` };
  }
}

/** The requests PostHog received since the last call, then forgotten. */
async function received(emulator: EmulatorHandle): Promise<LoggedRequest[]> {
  const { url, apiKey } = emulator;
  const { requests } = (await emulatorCall(url, apiKey, "GET", "/_emulator/requests")).body as {
    requests: LoggedRequest[];
  };
  await emulatorCall(url, apiKey, "DELETE", "/_emulator/requests");
  return requests;
}
/** What the CLI said at each step and the requests PostHog received since the step before, in order. */
function transcript(emulator: EmulatorHandle) {
  const lines: string[] = [];
  const step = async (command: string, text: string) => {
    const requests = await received(emulator);
    lines.push(
      `$ ${command}`,
      text.trim(),
      "requests:",
      ...requests.map((r) => `  ${r.method} ${r.path} ${r.status}`),
      "",
    );
    return requests;
  };
  return { lines, step };
}
const writes = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path} ${r.status}`);

type Name = "first" | "second";

/** Two Surveys of one name; `adopting` declares `adopt: {id}` of the survey the other made. */
function writeProgram(folder: ProgramFolder, adopting?: { name: Name; id: string }): void {
  const args = (name: Name) => ({
    name: NAME,
    type: "popover",
    questions: name === "first" ? FIRST : SECOND,
    ...(adopting?.name === name ? { adopt: { id: adopting.id } } : {}),
  });
  fs.writeFileSync(path.join(folder.dir, "Pulumi.yaml"), "name: case9\nruntime: nodejs\nmain: index.js\n");
  fs.writeFileSync(
    path.join(folder.dir, "index.js"),
    [
      'const posthog = require("pulumi-posthog");',
      `const first = new posthog.Survey("first", ${JSON.stringify(args("first"))});`,
      // After the first: the engine steps the second once the first's create or diff is done, so the first makes the
      // survey and, in a later run, holds it before the second's create looks (a second registered before the first's
      // diff is a case this run cannot see: the report of issue 55 says so).
      `new posthog.Survey("second", ${JSON.stringify(args("second"))}, { dependsOn: [first] });`,
      "",
    ].join("\n"),
  );
}

/**
 * The other order: "second" is registered first and "first" (which holds the survey in the state) waits for it
 * (`dependsOn`), so the engine steps second's create before first's diff, and the run holds no claim yet: only the
 * survey's question ids tell that a resource of this stack created it.
 */
function writeSecondFirst(folder: ProgramFolder, adopt?: string): void {
  const second = {
    name: NAME,
    type: "popover",
    questions: SECOND,
    ...(adopt ? { adopt: { id: adopt } } : {}),
  };
  const first = { name: NAME, type: "popover", questions: FIRST };
  fs.writeFileSync(
    path.join(folder.dir, "index.js"),
    [
      'const posthog = require("pulumi-posthog");',
      `const second = new posthog.Survey("second", ${JSON.stringify(second)});`,
      `new posthog.Survey("first", ${JSON.stringify(first)}, { dependsOn: [second] });`,
      "",
    ].join("\n"),
  );
}

/** Which of the two the stack holds. */
async function holderOf(folder: ProgramFolder): Promise<Name[]> {
  const state = JSON.parse((await folder.cli("stack", "export")).stdout) as {
    deployment: { resources?: { urn: string; type: string; id?: string }[] };
  };
  return (state.deployment.resources ?? [])
    .filter((r) => r.type.endsWith(":Survey") && r.id)
    .map((r) => r.urn.split("::").pop())
    .filter((name): name is Name => name === "first" || name === "second");
}

const URN = (name: Name) => `urn:pulumi:dev::case9::pulumi-nodejs:dynamic/posthog:Survey::${name}`;

describe("one object, one resource of the stack (issue 55, item 7), through the real Pulumi CLI", () => {
  withCli(
    "dynamic (JavaScript): a second Survey of the stack with the first's name is refused naming the first, with adopt too",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const folder = openProgramFolder(pulumi);
      const emulator = await startEmulator({ port: 0 });
      const { lines, step } = transcript(emulator);
      try {
        writeProgram(folder);
        await folder.newStack("dev", dynamicStackConfig(emulator));
        const first = await said(folder.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
        await step("pulumi up --continue-on-error", first.text);
        const surveys = (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/state"))
          .body as {
          surveys: { id: string; questions: { question: string }[] }[];
        };
        const made = surveys.surveys[0]?.id ?? "(none)";
        const refusal = first.text.replace(/\s+/g, " ");
        const held = await holderOf(folder);
        const holder: Name = held[0] ?? "first";
        const other: Name = holder === "first" ? "second" : "first";

        writeProgram(folder, { name: other, id: made });
        const adopting = await said(folder.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
        const afterAdopt = await step(
          `pulumi up --continue-on-error (${other} declares adopt: {id: "${made}"})`,
          adopting.text,
        );
        const state = (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/state")).body as {
          surveys: { id: string; questions: { question: string }[] }[];
        };
        const out = path.join(REPO_ROOT, ".tmp", "case-9");
        fs.mkdirSync(out, { recursive: true });
        fs.writeFileSync(path.join(out, "dynamic.txt"), lines.join("\n"));
        console.log(lines.join("\n"));

        // The first up: one survey, held by one resource; the other's refusal names it and does not advise adopt.
        expect(surveys.surveys).toHaveLength(1);
        expect(held).toEqual([holder]);
        expect(refusal).toContain(
          `Survey ${made} holds the name, and resource "${holder}" (${URN(holder)}) of this stack`,
        );
        expect(refusal).toContain("one survey is managed by one resource of a stack");
        expect(refusal).not.toContain("cannot prove it is its own");
        expect(refusal).not.toMatch(/set adopt: \{id: "/);
        // The adoption is refused naming the holder; nothing is written to the survey, whose questions stay the holder's.
        expect(adopting.ok).toBe(false);
        expect(adopting.text.replace(/\s+/g, " ")).toContain(
          `cannot adopt survey ${made}: resource "${holder}" (${URN(holder)}) of this stack holds it`,
        );
        expect(writes(afterAdopt)).toEqual([]);
        expect(state.surveys.map((s) => [s.id, s.questions.map((q) => q.question)])).toEqual([
          [made, (holder === "first" ? FIRST : SECOND).map((q) => q.question)],
        ]);
      } finally {
        await emulator.close();
        folder.cleanup();
      }
    },
    1_800_000,
  );

  withCli(
    "dynamic (JavaScript): the other order, the second's create or adopt stepped before the first's diff, is refused too",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const folder = openProgramFolder(pulumi);
      const emulator = await startEmulator({ port: 0 });
      const { lines, step } = transcript(emulator);
      const surveys = async () =>
        (
          (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/state")).body as {
            surveys: { id: string; questions: { id: string; question: string }[] }[];
          }
        ).surveys.map((s) => ({ id: s.id, questions: s.questions.map((q) => q.question) }));
      try {
        // "first" alone makes the survey.
        writeProgram(folder);
        fs.writeFileSync(
          path.join(folder.dir, "index.js"),
          `const posthog = require("pulumi-posthog");\nnew posthog.Survey("first", ${JSON.stringify({ name: NAME, type: "popover", questions: FIRST })});\n`,
        );
        await folder.newStack("dev", dynamicStackConfig(emulator));
        await step("pulumi up (first alone)", (await said(folder.cli("up", "--yes", "--skip-preview"))).text);
        const [made] = await surveys();
        expect(made?.questions).toEqual(FIRST.map((q) => q.question));
        const id = made!.id;

        // "second" with the same name, stepped first: its create clashes on the name and is refused.
        writeSecondFirst(folder);
        // The preview's requests on (the tests' stacks turn them off), so it looks for the clash.
        await folder.setConfig({ "posthog:checkKeyAndHost": "true" });
        const preview = await said(folder.cli("preview"));
        await step("pulumi preview (second, same name, stepped first)", preview.text);
        const creating = await said(folder.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
        const afterCreate = await step(
          "pulumi up --continue-on-error (second, same name, stepped first)",
          creating.text,
        );

        // "second" declares adopt: {id} of first's survey, stepped first: refused, nothing written.
        writeSecondFirst(folder, id);
        const adopting = await said(folder.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
        const afterAdopt = await step(
          `pulumi up --continue-on-error (second adopts ${id}, stepped first)`,
          adopting.text,
        );
        const kept = await surveys();
        const held = await holderOf(folder);

        // The way out once first has left the state: the variable lets second adopt it.
        await folder.cli("state", "delete", URN("first"), "--yes");
        fs.writeFileSync(
          path.join(folder.dir, "index.js"),
          `const posthog = require("pulumi-posthog");\nnew posthog.Survey("second", ${JSON.stringify({ name: NAME, type: "popover", questions: SECOND, adopt: { id } })});\n`,
        );
        folder.env.POSTHOG_ADOPT_FROM_THIS_STACK = id;
        const wayOut = await said(folder.cli("up", "--yes", "--skip-preview"));
        delete folder.env.POSTHOG_ADOPT_FROM_THIS_STACK;
        const afterWayOut = await step(
          `POSTHOG_ADOPT_FROM_THIS_STACK=${id} pulumi up (first left the state)`,
          wayOut.text,
        );
        const out = path.join(REPO_ROOT, ".tmp", "case-9");
        fs.mkdirSync(out, { recursive: true });
        fs.writeFileSync(path.join(out, "other-order.txt"), lines.join("\n"));
        console.log(lines.join("\n"));

        const flat = (text: string) => text.replace(/\s+/g, " ");
        expect(flat(preview.text)).toContain(
          `Survey "${NAME}": survey ${id} already holds this name in project 1, and another resource of this stack ` +
            "created it (its question ids carry this stack's mark), so pulumi up will refuse to create it",
        );
        expect(creating.ok).toBe(false);
        expect(flat(creating.text)).toContain(
          `Survey ${id} holds the name, and another resource of this stack created it (its question ids carry this ` +
            "stack's mark and not this resource's): one survey is managed by one resource of a stack. Nothing was written.",
        );
        expect(flat(creating.text)).not.toContain("cannot prove it is its own");
        expect(writes(afterCreate).filter((w) => !w.endsWith(" 400"))).toEqual([]);
        expect(adopting.ok).toBe(false);
        expect(flat(adopting.text)).toContain(
          `cannot adopt survey ${id}: another resource of this stack created it (its question ids carry this ` +
            "stack's mark and not this resource's): one survey is managed by one resource of a stack. Nothing was " +
            `written. After a rename, declare its old name as an alias instead of adopt: the resource's options ` +
            `{ aliases: [{ name: "<old name>" }] }. If the resource that created it has left the program (renamed ` +
            "without an alias, or removed) or the state (pulumi state delete, POSTHOG_LEAVE_IN_POSTHOG), run the " +
            `same command with ` +
            `POSTHOG_ADOPT_FROM_THIS_STACK=${id} in the environment.`,
        );
        expect(flat(creating.text)).toContain(
          `run the same command with adopt: {id: "${id}"} and POSTHOG_ADOPT_FROM_THIS_STACK=${id} in the environment.`,
        );
        expect(writes(afterAdopt)).toEqual([]);
        // The survey keeps first's question, and the stack still holds first.
        expect(kept).toEqual([{ id, questions: FIRST.map((q) => q.question) }]);
        expect(held).toEqual(["first"]);
        // The way out: one PATCH of that survey, now second's.
        expect(wayOut.ok).toBe(true);
        expect(writes(afterWayOut)).toEqual([`PATCH /api/projects/1/surveys/${id}/ 200`]);
        expect(await surveys()).toEqual([{ id, questions: SECOND.map((q) => q.question) }]);
      } finally {
        await emulator.close();
        folder.cleanup();
      }
    },
    1_800_000,
  );

  withCli(
    "plugin (YAML program): an adopt stepped before the holder's diff is refused, nothing written",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        await yamlPluginStack(program, "name: case9\nruntime: yaml\n");
        const project = readProject(dir);
        const survey = (questions: typeof FIRST, adopt?: string) => ({
          type: RESOURCE_TOKENS.Survey,
          properties: { name: NAME, type: "popover", questions, ...(adopt ? { adopt: { id: adopt } } : {}) },
        });
        writeProject(dir, { ...project, resources: { first: survey(FIRST) } });
        const made = await said(cli("up", "--yes", "--skip-preview"));
        await received(emulator);
        const state = async () =>
          (
            (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/state")).body as {
              surveys: { id: string; questions: { question: string }[] }[];
            }
          ).surveys.map((s) => ({ id: s.id, questions: s.questions.map((q) => q.question) }));
        const [created] = await state();
        expect({ ok: made.ok, questions: created?.questions }).toEqual({
          ok: true,
          questions: FIRST.map((q) => q.question),
        });
        const id = created!.id;

        // second adopts first's survey, and first waits for it: the adopt runs before first's diff.
        writeProject(dir, {
          ...project,
          resources: {
            second: survey(SECOND, id),
            first: { ...survey(FIRST), options: { dependsOn: ["${second}"] } },
          },
        });
        const adopting = await said(cli("up", "--yes", "--skip-preview", "--continue-on-error"));
        const requests = await received(emulator);
        console.log(
          `plugin (YAML), second adopts ${id} before first's diff:\n${adopting.text}\n${writes(requests).join("\n")}`,
        );
        expect(adopting.ok).toBe(false);
        expect(adopting.text.replace(/\s+/g, " ")).toContain(
          `cannot adopt survey ${id}: another resource of this stack created it (its question ids carry this ` +
            "stack's mark and not this resource's): one survey is managed by one resource of a stack. Nothing was written.",
        );
        expect(writes(requests)).toEqual([]);
        expect(await state()).toEqual([{ id, questions: FIRST.map((q) => q.question) }]);
      });
    },
    1_800_000,
  );
});
