// Issue 55, cases 3, 4 and 5, through the real `pulumi` CLI (dynamic providers, a JavaScript program): deletion
// protection holds to the last request, and each refusal's way out is true.
// - Case 3: responses that arrive after the replacement's diff counted none, and before the old survey's DELETE at
//   the end of the run, keep it: counted again right before the delete, refused, 0 responses deleted.
// - Case 4: a `destroy` that deleted an invite and another survey, then refuses the protected one, says what it
//   deleted and what a plain `up` would send again; its way out deletes the survey alone (no invitation, no launch).
// - Case 5: a run killed between the new survey's create and the old one's delete, the old one then answered: the
//   next `up` (with an unrelated edit) refuses only that delete, and the way out it names clears it: the stack runs.
// What PostHog received and what the CLI said at each step go to .tmp/protection-to-the-end/<case>.txt, written
// before the assertions (so a run on the code before the fix leaves its evidence too).
import fs from "node:fs";
import path from "node:path";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorCall } from "../support/fresh-connection";
import { inCliStack, outcome, spawnKillable, waitFor, type CliStack } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const KEPT = "Protected to the end: NPS";
const OTHER = "Protected to the end: onboarding";
const EMAIL = "protected@example.com";
const QUESTIONS = [{ type: "open", question: "How likely are you to recommend us?" }];
const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "protection-to-the-end");

/** What the program declares: the kept survey's project, its description, and whether the others exist. */
interface Declared {
  projectId: number;
  description?: string;
  others?: boolean;
}

const PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  'const declared = require("./declared.json");',
  `const survey = { type: "api", status: "running", questions: ${JSON.stringify(QUESTIONS)} };`,
  `const kept = new posthog.Survey("kept", { ...survey, name: ${JSON.stringify(KEPT)}, projectId: declared.projectId, ...(declared.description ? { description: declared.description } : {}) });`,
  // The others depend on the kept survey, so a destroy deletes them first and the kept one last.
  "if (declared.others) {",
  `  new posthog.Survey("other", { ...survey, name: ${JSON.stringify(OTHER)} }, { dependsOn: [kept] });`,
  `  new posthog.Invite("newcomer", { targetEmail: ${JSON.stringify(EMAIL)}, level: "member" }, { dependsOn: [kept] });`,
  "}",
  "",
].join("\n");

interface Step {
  ok: boolean;
  said: string;
  sent: string[];
}

/** The requests PostHog received since the last clear, as `METHOD path status`. */
const sentTo = async (stack: CliStack) =>
  (await stack.requests()).map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""} ${r.status}`);

/** `pulumi <args> --non-interactive` in the stack's folder, killable, with `env` added to the CLI's environment. */
const spawnIn = (stack: CliStack, env: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnKillable(stack.pulumi, stack.dir, { ...stack.env, ...env }, args);

/** A PostHog API answer (the emulator's admin key). */
async function api<T>(stack: CliStack, route: string): Promise<T> {
  const res = await emulatorCall(stack.url, stack.apiKey, "GET", route);
  if (res.status >= 400) throw new Error(`GET ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const squash = (text: string) => text.replace(/\s+/g, " ");

/** Keeps a transcript of each step of a case: the command, what PostHog received, the CLI's error and warnings. */
function transcript(name: string) {
  const lines: string[] = [`# ${name}`];
  const file = path.join(TRANSCRIPTS, `${name}.txt`);
  return {
    add(title: string, step: Step) {
      lines.push(
        `## ${title} -> ${step.ok ? "succeeded" : "failed"}`,
        "requests PostHog received:",
        ...(step.sent.length > 0 ? step.sent.map((r) => `  ${r}`) : ["  (none)"]),
        "the CLI's words (errors and warnings):",
        ...step.said
          .split("\n")
          .filter((line) => /error|warning|Survey "|Invite "/i.test(line))
          .map((l) => `  ${l.trim()}`),
        "",
      );
      fs.mkdirSync(TRANSCRIPTS, { recursive: true });
      fs.writeFileSync(file, lines.join("\n"));
    },
    print: () => console.log(lines.join("\n")),
  };
}

/** One CLI step: the program declared first (when given), requests cleared, then the run. */
async function step(
  stack: CliStack,
  log: ReturnType<typeof transcript>,
  title: string,
  declared: Declared | undefined,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Step> {
  if (declared) fs.writeFileSync(path.join(stack.dir, "declared.json"), JSON.stringify(declared));
  await stack.clearRequests();
  const run =
    Object.keys(env).length === 0
      ? stack.cli(...args)
      : (async () => {
          const spawned = spawnIn(stack, env, ...args);
          const code = await spawned.exited;
          const said = spawned.output();
          if (code !== 0) throw Object.assign(new Error(said), { stdout: said, stderr: "" });
          return { stdout: said, stderr: "" };
        })();
  const result = { ...(await outcome(run)), sent: await sentTo(stack) };
  log.add(`${title}: pulumi ${args.join(" ")}${envText(env)}`, result);
  return result;
}

const envText = (env: NodeJS.ProcessEnv) =>
  Object.entries(env)
    .map(([k, v]) => ` (${k}=${v})`)
    .join("");

async function surveyIds(stack: CliStack, project: number): Promise<Record<string, string>> {
  const list = await api<{ results: { id: string; name: string }[] }>(
    stack,
    `/api/projects/${project}/surveys/`,
  );
  return Object.fromEntries(list.results.map((s) => [s.name, s.id]));
}

/** The responses PostHog holds for survey `id` of `project` (its count endpoint, admin key). */
async function responsesOf(stack: CliStack, project: number, id: string): Promise<number> {
  const counts = await api<Record<string, number>>(
    stack,
    `/api/projects/${project}/surveys/responses_count/`,
  );
  return counts[id] ?? 0;
}

/** Removes the empty `.attrs` files a killed run can leave under the file backend `folder`. */
function removeEmptySidecars(folder: string): void {
  if (!fs.existsSync(folder)) return;
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" })) {
    const full = path.join(folder, file);
    if (file.endsWith(".attrs") && fs.statSync(full).size === 0) fs.rmSync(full);
  }
}

const writes = (sent: string[]) => sent.filter((r) => !r.startsWith("GET"));

const withStack = (body: (stack: CliStack) => Promise<void>) => async () => {
  if (!pulumi) throw new Error("runs only with a pulumi CLI");
  await inCliStack(
    pulumi,
    { files: { "Pulumi.yaml": "name: protected\nruntime: nodejs\nmain: index.js\n", "index.js": PROGRAM } },
    body,
  );
};

describe("deletion protection holds to the last request, through the real Pulumi CLI", () => {
  withCli(
    "case 3: responses that arrive after the diff keep the replaced survey; the way out leaves it",
    withStack(async (stack) => {
      const log = transcript("case-3");
      const P1 = stack.projectId;
      const P2 = (await stack.control<{ id: number }>("POST", "/projects", { name: "Second" })).id;
      await step(stack, log, "create", { projectId: P1 }, ["up", "--yes", "--skip-preview"]);
      const old = (await surveyIds(stack, P1))[KEPT] ?? "";
      // The new survey's POST is held 5 s; responses arrive once the diff has counted none.
      await stack.control("POST", "/faults", {
        faults: [{ method: "POST", path: `/projects/${P2}/surveys/?$`, times: 1, latencyMs: 5_000 }],
      });
      fs.writeFileSync(path.join(stack.dir, "declared.json"), JSON.stringify({ projectId: P2 }));
      await stack.clearRequests();
      const running = spawnIn(stack, {}, "up", "--yes", "--skip-preview");
      await waitFor("the diff's count", async () =>
        (await sentTo(stack)).some((r) => r.includes("/responses_count/")) ? true : undefined,
      );
      await stack.control("POST", `/surveys/${old}/responses`, { count: 5 });
      const code = await running.exited;
      await stack.control("DELETE", "/faults");
      const moved: Step = { ok: code === 0, said: running.output(), sent: await sentTo(stack) };
      log.add("projectId changed, 5 responses arrive during the run: pulumi up", moved);
      const kept = await responsesOf(stack, P1, old);

      const out = await step(stack, log, "the way out", undefined, ["up", "--yes", "--skip-preview"], {
        POSTHOG_LEAVE_IN_POSTHOG: old,
      });
      const clean = await step(stack, log, "then", undefined, ["preview", "--expect-no-changes"]);
      const edited = await step(stack, log, "an unrelated edit", { projectId: P2, description: "Edited" }, [
        "up",
        "--yes",
        "--skip-preview",
      ]);
      log.print();

      const named = `Survey "${KEPT}" (${old})`;
      expect(moved.sent).not.toContain(`DELETE /api/projects/${P1}/surveys/${old}/ 204`);
      expect(kept).toBe(5);
      expect(moved.ok).toBe(false);
      expect(squash(moved.said)).toContain(
        `${named} holds 5 responses (counted just before its delete) and has deletion protection, so it was not ` +
          `deleted. To delete it with its responses, run the same command again with ` +
          `POSTHOG_DELETE_WITH_RESPONSES=${old} in the environment; to keep it in PostHog and stop managing it, ` +
          `with POSTHOG_LEAVE_IN_POSTHOG=${old}.`,
      );
      expect(out.ok).toBe(true);
      expect(writes(out.sent)).toEqual([]);
      expect(squash(out.said)).toContain(
        `${named} is left in PostHog as it is (POSTHOG_LEAVE_IN_POSTHOG), never deleted, and this stack no ` +
          "longer manages it.",
      );
      expect(await responsesOf(stack, P1, old)).toBe(5);
      expect(clean.ok).toBe(true);
      expect(edited.ok).toBe(true);
      expect(writes(edited.sent).map((r) => r.split(" ")[0])).toEqual(["PATCH"]);
    }),
    1_200_000,
  );

  withCli(
    "case 4: a refused destroy says what it deleted; its way out deletes the survey alone",
    withStack(async (stack) => {
      const log = transcript("case-4");
      const P1 = stack.projectId;
      await step(stack, log, "create", { projectId: P1, others: true }, ["up", "--yes", "--skip-preview"]);
      const ids = await surveyIds(stack, P1);
      const kept = ids[KEPT] ?? "";
      const other = ids[OTHER] ?? "";
      await stack.control("POST", `/surveys/${kept}/responses`, { count: 5 });
      const destroy = await step(stack, log, "destroy", undefined, ["destroy", "--yes", "--skip-preview"]);
      const invited = destroy.sent.find((r) => r.startsWith("DELETE") && r.includes("/invites/")) ?? "";
      const invite = invited.split("/").at(-2) ?? "";
      const out = await step(stack, log, "the way out", undefined, ["destroy", "--yes", "--skip-preview"], {
        POSTHOG_DELETE_WITH_RESPONSES: kept,
      });
      log.print();

      expect(destroy.ok).toBe(false);
      expect(writes(destroy.sent).sort()).toEqual(
        [`DELETE /api/projects/${P1}/surveys/${other}/ 204`, invited].sort(),
      );
      expect(invite).toMatch(/^[0-9a-f-]{36}$/);
      const said = squash(destroy.said);
      expect(said).toContain(`Survey "${KEPT}" (${kept}) holds 5 responses (counted just before its delete)`);
      expect(said).toMatch(
        new RegExp(
          `This run already deleted (survey ${other}, invite ${invite}|invite ${invite}, survey ${other}); a ` +
            "plain pulumi up would create them again \\(an invite sends a new invitation email\\)\\.",
        ),
      );
      expect(said).not.toContain("sends PostHog nothing");
      expect(out.ok).toBe(true);
      // Only the survey's count and its DELETE: no invitation, no survey created or launched.
      expect(writes(out.sent)).toEqual([`DELETE /api/projects/${P1}/surveys/${kept}/ 204`]);
    }),
    1_200_000,
  );

  withCli(
    "case 5: a run killed between the new survey's create and the old one's delete leaves a stack that runs",
    withStack(async (stack) => {
      const log = transcript("case-5");
      const P1 = stack.projectId;
      const P2 = (await stack.control<{ id: number }>("POST", "/projects", { name: "Second" })).id;
      await step(stack, log, "create", { projectId: P1 }, ["up", "--yes", "--skip-preview"]);
      const old = (await surveyIds(stack, P1))[KEPT] ?? "";
      // The old survey's DELETE is held (and never applied), so the kill lands between the create and the delete.
      await stack.control("POST", "/faults", {
        faults: [{ method: "DELETE", path: `/surveys/${old}/?$`, times: 1, latencyMs: 120_000, status: 503 }],
      });
      fs.writeFileSync(path.join(stack.dir, "declared.json"), JSON.stringify({ projectId: P2 }));
      await stack.clearRequests();
      const running = spawnIn(stack, {}, "up", "--yes", "--skip-preview");
      await waitFor("the new survey launched", async () => {
        const made = (await surveyIds(stack, P2))[KEPT];
        return made && /deleting original|deleting/.test(running.output()) ? made : undefined;
      });
      running.kill();
      await running.exited;
      await stack.control("DELETE", "/faults");
      log.add("projectId changed, killed before the old survey's delete", {
        ok: false,
        said: running.output(),
        sent: await sentTo(stack),
      });
      // As in interrupted-runs.test.ts: the kill may leave an empty sidecar next to the checkpoint, which the next
      // command cannot load; then `pulumi cancel` (the killed run keeps its lock).
      removeEmptySidecars(stack.env.PULUMI_BACKEND_URL?.replace(/^file:\/\//, "") ?? "");
      await stack.cli("cancel", "--yes");
      await stack.control("POST", `/surveys/${old}/responses`, { count: 5 });

      const next = await step(stack, log, "an unrelated edit", { projectId: P2, description: "Edited" }, [
        "up",
        "--yes",
        "--skip-preview",
      ]);
      const out = await step(stack, log, "the way out", undefined, ["up", "--yes", "--skip-preview"], {
        POSTHOG_LEAVE_IN_POSTHOG: old,
      });
      const clean = await step(stack, log, "then", undefined, ["preview", "--expect-no-changes"]);
      const again = await step(stack, log, "another edit", { projectId: P2, description: "Edited again" }, [
        "up",
        "--yes",
        "--skip-preview",
      ]);
      log.print();

      expect(next.ok).toBe(false);
      expect(writes(next.sent).map((r) => r.split(" ")[0])).toEqual(["PATCH"]);
      expect(squash(next.said)).toContain(
        `Survey "${KEPT}" (${old}) holds 5 responses (counted just before its delete) and has deletion protection`,
      );
      expect(out.ok).toBe(true);
      expect(writes(out.sent)).toEqual([]);
      expect(await responsesOf(stack, P1, old)).toBe(5);
      expect(clean.ok).toBe(true);
      expect(again.ok).toBe(true);
      expect(writes(again.sent).map((r) => r.split(" ")[0])).toEqual(["PATCH"]);
    }),
    1_200_000,
  );
});
