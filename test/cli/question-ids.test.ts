// Question ids through the real `pulumi` CLI on both faces (PostHog keys responses by question id,
// `$survey_response_<id>`, so an id must stay with its question's meaning):
// - issue 43, case 7: a survey of two questions, then a question inserted at the front. The PATCH sends the two held
//   questions with their own ids and the new one without, so PostHog gives it a new id; the preview says so at normal
//   verbosity, and on the plugin face `preview --diff` shows one added question (the provider's detailed diff); the
//   next preview is clean;
// - issue 50, case 7: `[A, B, C]` -> `[A, "C edited"]`. "C edited" keeps C's id (C's slot once B is gone, and its
//   wording), B's id leaves; the preview names the reworded question with both texts and what its answers do.
// Each face's ids before and after, the PATCH body PostHog received and the preview's words go to
// .tmp/question-ids/<face>-<case>.txt.
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

type Question = { type: "open"; question: string };
const open = (question: string): Question => ({ type: "open", question });

const A = open("How likely are you to recommend us?");
const B = open("What do you like most about us?");
const C = open("What could we improve?");
const C_EDITED = open("What could we improve, in one sentence?");
const NEW = open("Which feature do you use most?");

interface Face {
  cli(...args: string[]): Promise<CliRun>;
  /** Makes the program declare `questions` under the survey name `name`. */
  declare(name: string, questions: Question[]): void;
  url: string;
  apiKey: string;
  projectId: number;
  /** Whether the provider can send the engine a detailed diff (the plugin; a dynamic provider cannot). */
  detailedDiff: boolean;
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

/**
 * The warnings of a run: with `--diff` the CLI prints them in line, after the plan, and no "Diagnostics:" summary;
 * without it, in the summary it ends with.
 */
function diagnostics(run: CliRun): string {
  const printed = run.stdout + run.stderr;
  const at = printed.indexOf("Diagnostics:");
  return at < 0 ? printed.slice(Math.max(0, printed.indexOf("Resources:"))) : printed.slice(at);
}

/** The property diff `preview --diff` prints (before its resource counts). */
function propertyDiff(run: CliRun): string {
  const printed = run.stdout + run.stderr;
  const at = printed.indexOf("Resources:");
  return (at < 0 ? printed : printed.slice(0, at)).trim();
}

interface Edit {
  name: string;
  from: Question[];
  to: Question[];
}

interface Edited {
  before: { id: string; questions: [string, string][] };
  after: { id: string; questions: [string, string][] };
  said: string;
  shown: string;
  patch: unknown;
  writes: [string, string, number][];
}

/**
 * Creates the survey with `from`, then previews (`preview --diff`) and applies `to`: the ids before and after,
 * the preview's warnings and property diff, and the writes PostHog received. Written to a transcript before any
 * assertion, so a failing run leaves its evidence too.
 */
async function edit(face: Face, label: string, { name, from, to }: Edit): Promise<Edited> {
  face.declare(name, from);
  await face.cli("up", "--yes", "--skip-preview");
  const before = await held(face);

  face.declare(name, to);
  await api(face, "DELETE", "/_emulator/requests");
  const previewed = await face.cli("preview", "--diff");
  const said = diagnostics(previewed);
  const shown = propertyDiff(previewed);
  await face.cli("up", "--yes", "--skip-preview");
  const { requests } = await api<{ requests: LoggedRequest[] }>(face, "GET", "/_emulator/requests");
  const writes = requests.filter((r) => r.method !== "GET");
  const after = await held(face);
  const patch = writes[0]?.body;

  const transcript = [
    `# ${label}`,
    `survey ${before.id}`,
    "ids before:",
    ...before.questions.map(([id, text]) => `  ${id}  ${JSON.stringify(text)}`),
    "ids after:",
    ...after.questions.map(([id, text]) => `  ${id}  ${JSON.stringify(text)}`),
    "writes PostHog received at the up:",
    ...writes.map((r) => `  ${r.method} ${r.path} ${r.status}`),
    "the PATCH body:",
    JSON.stringify(patch, null, 2),
    "$ pulumi preview --diff (its property diff):",
    shown,
    "$ pulumi preview --diff (its Diagnostics):",
    said.trim(),
    "",
  ];
  fs.mkdirSync(TRANSCRIPTS, { recursive: true });
  fs.writeFileSync(path.join(TRANSCRIPTS, `${label}.txt`), transcript.join("\n"));
  console.log(transcript.join("\n"));
  return {
    before,
    after,
    said,
    shown,
    patch,
    writes: writes.map((r) => [r.method, r.path, r.status]),
  };
}

/** How many times `text` appears in `printed`. */
const times = (printed: string, text: string) => ({ times: printed.split(text).length - 1 });

async function insertAtFront(face: Face, label: string): Promise<void> {
  const name = "Question ids: insert";
  const { before, after, said, shown, patch, writes } = await edit(face, `${label}-insert`, {
    name,
    from: [A, C],
    to: [NEW, A, C],
  });

  expect(before.questions.map(([, text]) => text)).toEqual([A.question, C.question]);
  // The preview says it once, at normal verbosity, in the summary the CLI ends with.
  expect(
    times(
      said,
      `warning: Survey "${name}": questions[0] ("${NEW.question}") is a new question: PostHog gives it a new ` +
        "id, and it starts with no answers.",
    ),
  ).toEqual({ times: 1 });
  expect(
    times(said, `warning: Survey "${name}": the 2 other questions keep their ids and their answers.`),
  ).toEqual({ times: 1 });
  if (face.detailedDiff) {
    // The provider's detailed diff: one added question, no positional rewording of the two held ones.
    expect(shown).toMatch(/\+ \[0\]: \{/);
    expect(shown).not.toContain(`=> "${NEW.question}"`);
    expect(shown).not.toMatch(/\+ \[2\]/);
  }
  const surveyPath = `/api/projects/${face.projectId}/surveys/${before.id}/`;
  expect(writes).toEqual([["PATCH", surveyPath, 200]]);
  expect(patch).toEqual({
    questions: [
      { type: "open", question: NEW.question },
      { type: "open", question: A.question, id: before.questions[0]?.[0] },
      { type: "open", question: C.question, id: before.questions[1]?.[0] },
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

async function removeAndReword(face: Face, label: string): Promise<void> {
  const name = "Question ids: remove and reword";
  const { before, after, said, patch, writes } = await edit(face, `${label}-reword`, {
    name,
    from: [A, B, C],
    to: [A, C_EDITED],
  });
  const [idA, idB, idC] = before.questions.map(([id]) => id);

  // "C edited" is written with C's id, never B's: B's id leaves with B's answers.
  const surveyPath = `/api/projects/${face.projectId}/surveys/${before.id}/`;
  expect(writes).toEqual([["PATCH", surveyPath, 200]]);
  expect(patch).toEqual({
    questions: [
      { type: "open", question: A.question, id: idA },
      { type: "open", question: C_EDITED.question, id: idC },
    ],
  });
  expect(after.questions).toEqual([
    [idA, A.question],
    [idC, C_EDITED.question],
  ]);
  // The preview names the reworded question with both texts and what its answers do, and the id that leaves.
  expect(
    times(
      said,
      `warning: Survey "${name}": questions[1] is reworded from "${C.question}" to "${C_EDITED.question}" and ` +
        `keeps its id ${idC}: users see the new wording, and the answers already given to "${C.question}" stay ` +
        "under that id and now show under the new wording.",
    ),
  ).toEqual({ times: 1 });
  expect(
    times(
      said,
      `warning: Survey "${name}": "${B.question}" (id ${idB}) leaves the survey: its answers stay in PostHog ` +
        "under that id, and no question shows them.",
    ),
  ).toEqual({ times: 1 });
  expect(said).not.toContain("keeps its id, and with it its responses");

  await face.cli("preview", "--expect-no-changes");
  await face.cli("destroy", "--yes", "--skip-preview");
}

async function bothCases(face: Face, label: string): Promise<void> {
  await insertAtFront(face, label);
  await removeAndReword(face, label);
}

describe("question ids move only with meaning, and the preview says every move, through the real Pulumi CLI", () => {
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
              'const { name, questions } = require("./survey.json");',
              'new posthog.Survey("q", { name, type: "popover", questions });',
              "",
            ].join("\n"),
          },
        },
        async (stack) => {
          await bothCases(
            {
              cli: stack.cli,
              declare: (name, questions) =>
                fs.writeFileSync(path.join(stack.dir, "survey.json"), JSON.stringify({ name, questions })),
              url: stack.url,
              apiKey: stack.apiKey,
              projectId: stack.projectId,
              detailedDiff: false,
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
        const project = (name: string, questions: Question[]) => ({
          name: "question-ids",
          runtime: "yaml",
          resources: {
            q: { type: RESOURCE_TOKENS.Survey, properties: { name, type: "popover", questions } },
          },
        });
        writeProject(dir, project("Question ids: insert", [A, C]));
        await initPluginStack(program);
        await bothCases(
          {
            cli,
            // `package add` wrote its own keys into Pulumi.yaml: keep them, change only the resources.
            declare: (name, questions) =>
              writeProject(dir, { ...readProject(dir), resources: project(name, questions).resources }),
            url: emulator.url,
            apiKey: emulator.apiKey,
            projectId: emulator.projectId,
            detailedDiff: true,
          },
          "plugin-yaml",
        );
      });
    },
    900_000,
  );
});
