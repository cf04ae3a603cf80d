// Issue 55, item 7 (case 9), through the real `pulumi` CLI: one object, one resource of the stack. Two Surveys of
// one stack declare one name; the first makes the survey and the second's create is refused. The refusal names the
// first resource (not "this stack cannot prove it is its own") and gives no `adopt` advice; and the second declared
// with `adopt: {id}` of the first's survey is refused too, naming the first, so no PATCH writes its questions over
// the first's. The transcript (what the CLI said and what PostHog received) goes to .tmp/case-9/dynamic.txt.
import fs from "node:fs";
import path from "node:path";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { dynamicStackConfig, openProgramFolder, type ProgramFolder } from "./program-folder";
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
});
