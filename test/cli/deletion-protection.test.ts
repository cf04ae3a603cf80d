// Issue 50, case 2, through the real `pulumi` CLI on both faces: a survey holding responses is protected. Its
// replacement (its own projectId changed) is refused at preview, and its delete (`pulumi destroy`) refused at the
// delete, each with nothing written to PostHog and a message naming the survey, its responses and the way out. With
// `deletionProtection: false` applied by an `up` that sends PostHog nothing, the replacement (in the same change) and
// the delete go on; a survey without responses is deleted as before, protection on. What PostHog received and what
// the CLI said at each step go to .tmp/deletion-protection/<face>.txt (written before the assertions, so a failing
// run, such as one on the code before the protection, leaves its evidence too).
import fs from "node:fs";
import path from "node:path";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { REPO_ROOT } from "../support/self-link";
import {
  inCliStack,
  inInstalledProgram,
  initPluginStack,
  readProject,
  writeProject,
  type CliRun,
  outcome,
} from "./program-folder";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const KEPT = "Protected: NPS";
const EMPTY = "Protected: no responses yet";
const QUESTIONS = [{ type: "open", question: "How likely are you to recommend us?" }];

/** What the program declares for each survey: absent, or its project and whether its protection is lifted. */
interface Declared {
  kept?: { projectId: number; deletionProtection?: boolean };
  empty?: boolean;
}

interface Face {
  label: string;
  run(...args: string[]): Promise<CliRun>;
  declare(declared: Declared): void;
  url: string;
  apiKey: string;
  projectId: number;
  /** How the refusals spell `deletionProtection: false` in this face's language. */
  off: string;
}

const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "deletion-protection");

async function call<T>(face: Face, method: string, route: string, body?: unknown): Promise<T> {
  const res = await emulatorCall(face.url, face.apiKey, method, route, body);
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const requests = async (face: Face) =>
  (await call<{ requests: LoggedRequest[] }>(face, "GET", "/_emulator/requests")).requests.map(
    (r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""} ${r.status}`,
  );

/** The surveys PostHog holds in `projects`, by name: [id, project]. */
async function surveys(face: Face, projects: number[]): Promise<Record<string, [string, number]>> {
  const found: Record<string, [string, number]> = {};
  for (const project of projects) {
    const list = await call<{ results: { id: string; name: string }[] }>(
      face,
      "GET",
      `/api/projects/${project}/surveys/`,
    );
    for (const s of list.results) found[s.name] = [s.id, project];
  }
  return found;
}

const squash = (text: string) => text.replace(/\s+/g, " ");

async function protectedSurvey(face: Face): Promise<void> {
  const transcript: string[] = [`# ${face.label}: a survey holding responses, protected`];
  const step = async (title: string, declared: Declared | undefined, ...args: string[]) => {
    if (declared) face.declare(declared);
    await call(face, "DELETE", "/_emulator/requests");
    const result = await outcome(face.run(...args));
    const sent = await requests(face);
    transcript.push(
      `## ${title}: pulumi ${args.join(" ")} -> ${result.ok ? "succeeded" : "failed"}`,
      "requests PostHog received:",
      ...(sent.length > 0 ? sent.map((r) => `  ${r}`) : ["  (none)"]),
      "the CLI's words (lines naming the survey, and every error):",
      ...result.said
        .split("\n")
        .filter((line) => line.includes(KEPT) || /error/i.test(line))
        .map((l) => `  ${l.trim()}`),
      "",
    );
    fs.mkdirSync(TRANSCRIPTS, { recursive: true });
    fs.writeFileSync(path.join(TRANSCRIPTS, `${face.label}.txt`), transcript.join("\n"));
    return { ...result, sent };
  };
  const P1 = face.projectId;
  const P2 = (await call<{ id: number }>(face, "POST", "/_emulator/projects", { name: "Second" })).id;
  const count = `GET /api/projects/${P1}/surveys/responses_count/ 200`;

  await step("create", { kept: { projectId: P1 } }, "up", "--yes", "--skip-preview");
  const [id] = (await surveys(face, [P1]))[KEPT] ?? [""];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await call(face, "POST", `/_emulator/surveys/${id}/responses`, { count: 5 });
  const named = `Survey "${KEPT}" (${id})`;

  // 1. Its own projectId changed: the replacement is refused at preview, in the diff, and at the up alike.
  const preview = await step("projectId changed", { kept: { projectId: P2 } }, "preview");
  const upMoved = await step("projectId changed", undefined, "up", "--yes", "--skip-preview");
  // 2. pulumi destroy: refused at the delete.
  const destroy = await step("destroy", { kept: { projectId: P1 } }, "destroy", "--yes", "--skip-preview");
  const afterRefusals = await surveys(face, [P1, P2]);
  // 3. The way out: deletionProtection: false, applied by an up that sends PostHog nothing about it (a survey
  // without responses is added in the same up); then the destroy.
  const lift = await step(
    "deletionProtection: false",
    { kept: { projectId: P1, deletionProtection: false }, empty: true },
    "up",
    "--yes",
    "--skip-preview",
  );
  const [emptyId] = (await surveys(face, [P1]))[EMPTY] ?? [""];
  const destroyed = await step("destroy", undefined, "destroy", "--yes", "--skip-preview");
  // 4. A replacement with the protection lifted in the same change, as Pulumi's `protect` allows.
  await step("create again", { kept: { projectId: P1 } }, "up", "--yes", "--skip-preview");
  const [again] = (await surveys(face, [P1]))[KEPT] ?? [""];
  await call(face, "POST", `/_emulator/surveys/${again}/responses`, { count: 2 });
  const moved = await step(
    "projectId changed, deletionProtection: false",
    { kept: { projectId: P2, deletionProtection: false } },
    "up",
    "--yes",
    "--skip-preview",
  );
  const afterMove = await surveys(face, [P1, P2]);
  const [movedId] = afterMove[KEPT] ?? [""];
  const last = await step("destroy", undefined, "destroy", "--yes", "--skip-preview");
  console.log(fs.readFileSync(path.join(TRANSCRIPTS, `${face.label}.txt`), "utf8"));

  const replaceWords =
    `${named} holds 5 responses; the change of projectId would replace it, deleting it with its responses, so ` +
    `it stops here: nothing was written to PostHog. Keep projectId as it was, or, to replace it and lose its ` +
    `responses, set ${face.off} on the resource in the same change.`;
  for (const refused of [preview, upMoved]) {
    expect(refused.ok).toBe(false);
    expect(squash(refused.said)).toContain(replaceWords);
    expect(refused.sent).toEqual([count]);
  }
  expect(destroy.ok).toBe(false);
  expect(squash(destroy.said)).toContain(
    `${named} holds 5 responses (counted just before its delete) and has deletion protection, so it was not ` +
      `deleted. To delete it with its responses, run the same command again with ` +
      `POSTHOG_DELETE_WITH_RESPONSES=${id} in the environment; to keep it in PostHog and stop managing it, with ` +
      `POSTHOG_LEAVE_IN_POSTHOG=${id}.`,
  );
  expect(destroy.sent).toEqual([count]);
  expect(afterRefusals[KEPT]).toEqual([id, P1]);

  expect(lift.ok).toBe(true);
  // Only the new survey's create and launch (status "running"): nothing for the protected one.
  expect(lift.sent.filter((r) => !r.startsWith("GET") && !r.includes("/launch/"))).toEqual([
    `POST /api/projects/${P1}/surveys/ 201`,
  ]);
  expect(lift.sent.filter((r) => r.includes(id))).toEqual([]);
  // The protection lifted: no count for it; the survey without responses is counted, then deleted as before.
  expect(destroyed.ok).toBe(true);
  expect([...destroyed.sent].sort()).toEqual(
    [
      count,
      `DELETE /api/projects/${P1}/surveys/${emptyId}/ 204`,
      `DELETE /api/projects/${P1}/surveys/${id}/ 204`,
    ].sort(),
  );

  expect(moved.ok).toBe(true);
  // The new survey is created and launched, then the old one deleted.
  expect(moved.sent.filter((r) => !r.startsWith("GET") && !r.includes("/launch/"))).toEqual([
    `POST /api/projects/${P2}/surveys/ 201`,
    `DELETE /api/projects/${P1}/surveys/${again}/ 204`,
  ]);
  expect(afterMove[KEPT]?.[1]).toBe(P2);
  expect(last.sent).toEqual([`DELETE /api/projects/${P2}/surveys/${movedId}/ 204`]);
  expect(await surveys(face, [P1, P2])).toEqual({});
}

describe("a survey holding responses is protected from delete and replacement, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: deletion-protection\nruntime: nodejs\nmain: index.js\n",
            "index.js": [
              'const posthog = require("pulumi-posthog");',
              'const declared = require("./declared.json");',
              `const survey = { type: "api", status: "running", questions: ${JSON.stringify(QUESTIONS)} };`,
              `if (declared.kept) new posthog.Survey("kept", { ...survey, name: ${JSON.stringify(KEPT)}, ...declared.kept });`,
              `if (declared.empty) new posthog.Survey("empty", { ...survey, name: ${JSON.stringify(EMPTY)} });`,
              "",
            ].join("\n"),
          },
        },
        async (stack) => {
          await protectedSurvey({
            label: "dynamic",
            run: stack.cli,
            declare: (declared) =>
              fs.writeFileSync(path.join(stack.dir, "declared.json"), JSON.stringify(declared)),
            url: stack.url,
            apiKey: stack.apiKey,
            projectId: stack.projectId,
            off: "deletionProtection: false",
          });
        },
      );
    },
    1_200_000,
  );

  withCli(
    "provider plugin (YAML program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        const survey = { type: "api", status: "running", questions: QUESTIONS };
        const resources = (declared: Declared) => ({
          ...(declared.kept
            ? {
                kept: {
                  type: RESOURCE_TOKENS.Survey,
                  properties: {
                    ...survey,
                    name: KEPT,
                    ...declared.kept,
                    projectId: String(declared.kept.projectId),
                  },
                },
              }
            : {}),
          ...(declared.empty
            ? { empty: { type: RESOURCE_TOKENS.Survey, properties: { ...survey, name: EMPTY } } }
            : {}),
        });
        writeProject(dir, { name: "deletion-protection", runtime: "yaml", resources: {} });
        await initPluginStack(program);
        // The tests count the survey's requests; the run's check of the key and host is tested on its own.
        await cli("config", "set", `${PACKAGE_NAME}:checkKeyAndHost`, "false");
        await protectedSurvey({
          label: "plugin-yaml",
          run: cli,
          // `package add` wrote its own keys into Pulumi.yaml: keep them, change only the resources.
          declare: (declared) => writeProject(dir, { ...readProject(dir), resources: resources(declared) }),
          url: emulator.url,
          apiKey: emulator.apiKey,
          projectId: emulator.projectId,
          off: "deletionProtection: false",
        });
      });
    },
    1_200_000,
  );
});
