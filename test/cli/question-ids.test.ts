// Issue 43, case 7, through the real `pulumi` CLI on both faces: a survey of two questions, then a question inserted
// at the front. Each question's id must stay with its question (PostHog keys responses by question id,
// `$survey_response_<id>`): the PATCH sends the two held questions with their own ids and the new one without, so
// PostHog gives it a new id; the preview says so at normal verbosity; the next preview is clean. Each face's ids
// before and after, the PATCH body PostHog received and the preview's message go to .tmp/question-ids/<face>.txt.
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
} from "./program-folder";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const NAME = "Question ids: insert";
const HELD = [
  { type: "open", question: "How likely are you to recommend us?" },
  { type: "open", question: "What could we improve?" },
];
const INSERTED = [{ type: "open", question: "Which feature do you use most?" }, ...HELD];

const NOTICE =
  `warning: Survey "${NAME}": questions[0] ("Which feature do you use most?") gets a new id from PostHog: it ` +
  "matches no question the survey holds (the same type and text, or an edit in place: the same position and " +
  "type). Every question the survey holds keeps its id, and with it its responses (PostHog keys each response by " +
  "its question's id, $survey_response_<id>).";

interface Face {
  cli(...args: string[]): Promise<CliRun>;
  /** Makes the program declare `questions`. */
  declare(questions: typeof INSERTED): void;
  url: string;
  apiKey: string;
  projectId: number;
}

const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "question-ids");

async function api<T>(face: Face, method: string, route: string): Promise<T> {
  return (await emulatorCall(face.url, face.apiKey, method, route)).body as T;
}

/** The one survey PostHog holds: its id and its questions' [id, text]. */
async function held(face: Face): Promise<{ id: string; questions: [string, string][] }> {
  const list = await api<{ results: { id: string }[] }>(
    face,
    "GET",
    `/api/projects/${face.projectId}/surveys/`,
  );
  expect(list.results).toHaveLength(1);
  const id = list.results[0]?.id ?? "";
  const survey = await api<{ questions: { id: string; question: string }[] }>(
    face,
    "GET",
    `/api/projects/${face.projectId}/surveys/${id}/`,
  );
  return { id, questions: survey.questions.map((q) => [q.id, q.question]) };
}

/** The part of a run's output where the CLI gathers its warnings (empty when it printed none). */
function diagnostics(run: CliRun): string {
  const printed = run.stdout + run.stderr;
  const at = printed.indexOf("Diagnostics:");
  return at < 0 ? "" : printed.slice(at);
}

async function insertAtFront(face: Face, label: string): Promise<void> {
  face.declare(HELD);
  await face.cli("up", "--yes", "--skip-preview");
  const before = await held(face);

  face.declare(INSERTED);
  await api(face, "DELETE", "/_emulator/requests");
  const said = diagnostics(await face.cli("preview"));
  await face.cli("up", "--yes", "--skip-preview");
  const { requests } = await api<{ requests: LoggedRequest[] }>(face, "GET", "/_emulator/requests");
  const writes = requests.filter((r) => r.method !== "GET");
  const after = await held(face);

  // Written first, so a failing run leaves its evidence too.
  const surveyPath = `/api/projects/${face.projectId}/surveys/${before.id}/`;
  const patch = writes[0]?.body;
  const transcript = [
    `# ${label}: a question inserted at the front of a two-question survey`,
    `survey ${before.id}`,
    "ids before the insert:",
    ...before.questions.map(([id, text]) => `  ${id}  ${JSON.stringify(text)}`),
    "ids after the insert:",
    ...after.questions.map(([id, text]) => `  ${id}  ${JSON.stringify(text)}`),
    "writes PostHog received at the up:",
    ...writes.map((r) => `  ${r.method} ${r.path} ${r.status}`),
    "the PATCH body:",
    JSON.stringify(patch, null, 2),
    "$ pulumi preview (its Diagnostics):",
    said.trim(),
    "",
  ];
  fs.mkdirSync(TRANSCRIPTS, { recursive: true });
  fs.writeFileSync(path.join(TRANSCRIPTS, `${label}.txt`), transcript.join("\n"));
  console.log(transcript.join("\n"));

  expect(before.questions.map(([, text]) => text)).toEqual(HELD.map((q) => q.question));
  // The preview says it once, at normal verbosity, in the summary the CLI ends with.
  expect({ times: said.split(NOTICE).length - 1 }).toEqual({ times: 1 });
  expect(writes.map((r) => [r.method, r.path, r.status])).toEqual([["PATCH", surveyPath, 200]]);
  expect(patch).toEqual({
    questions: [
      { type: "open", question: "Which feature do you use most?" },
      { type: "open", question: HELD[0]?.question, id: before.questions[0]?.[0] },
      { type: "open", question: HELD[1]?.question, id: before.questions[1]?.[0] },
    ],
  });
  expect(after.id).toBe(before.id);
  expect(after.questions.slice(1)).toEqual(before.questions);
  const fresh = after.questions[0]?.[0] ?? "";
  expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
  expect(before.questions.map(([id]) => id)).not.toContain(fresh);

  await face.cli("preview", "--expect-no-changes");
  await face.cli("destroy", "--yes", "--skip-preview");
}

describe("a question inserted at the front keeps every id with its question, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: question-ids\nruntime: nodejs\nmain: index.js\n",
            "index.js": [
              'const posthog = require("pulumi-posthog");',
              `new posthog.Survey("q", { name: ${JSON.stringify(NAME)}, type: "popover", questions: require("./questions.json") });`,
              "",
            ].join("\n"),
          },
        },
        async (stack) => {
          await insertAtFront(
            {
              cli: stack.cli,
              declare: (questions) =>
                fs.writeFileSync(path.join(stack.dir, "questions.json"), JSON.stringify(questions)),
              url: stack.url,
              apiKey: stack.apiKey,
              projectId: stack.projectId,
            },
            "dynamic",
          );
        },
      );
    },
    900_000,
  );

  withCli(
    "provider plugin (YAML program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        const project = (questions: typeof INSERTED) => ({
          name: "question-ids",
          runtime: "yaml",
          resources: {
            q: { type: RESOURCE_TOKENS.Survey, properties: { name: NAME, type: "popover", questions } },
          },
        });
        writeProject(dir, project(HELD));
        await initPluginStack(program);
        await insertAtFront(
          {
            cli,
            // `package add` wrote its own keys into Pulumi.yaml: keep them, change only the resources.
            declare: (questions) =>
              writeProject(dir, { ...readProject(dir), resources: project(questions).resources }),
            url: emulator.url,
            apiKey: emulator.apiKey,
            projectId: emulator.projectId,
          },
          "plugin-yaml",
        );
      });
    },
    900_000,
  );
});
