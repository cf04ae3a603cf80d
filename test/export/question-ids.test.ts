// `pulumi-posthog export` writes each question's id (src/resources/survey/export.ts, readableQuestion), so the
// exported program declares them and every later edit keeps them (an explicit id always wins:
// src/resources/survey/question-ids.ts): a question inserted at the front of an exported program moves no answer.
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { exportProgram } from "../../src/export";
import { carryQuestionIds } from "../../src/resources/survey/fields";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator?.close();
});

test("the exported program declares every question's id, first in each question", async () => {
  const made = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
    method: "POST",
    headers: { authorization: `Bearer ${emulator.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Exported with ids",
      type: "popover",
      questions: [
        { type: "open", question: "How likely are you to recommend us?" },
        { type: "open", question: "What could we improve?" },
      ],
    }),
  });
  const survey = (await made.json()) as { questions: { id: string; type: string; question: string }[] };
  const ids = survey.questions.map((q) => q.id);
  expect(ids).toHaveLength(2);

  const { source } = await exportProgram({
    invites: false,
    projectId: emulator.projectId,
    env: { POSTHOG_HOST: emulator.url, POSTHOG_API_KEY: emulator.apiKey, POSTHOG_REQUESTS_PER_SECOND: "0" },
  });
  for (const q of survey.questions) {
    expect(source).toContain(`id: "${q.id}",\n`);
    expect(source.indexOf(`id: "${q.id}"`)).toBeLessThan(source.indexOf(JSON.stringify(q.question)));
  }

  // The exported questions with one inserted at the front: each declared id is written as declared.
  const exported = survey.questions.map(({ id, type, question }) => ({ id, type: type as "open", question }));
  const inserted = [{ type: "open" as const, question: "Which feature do you use most?" }, ...exported];
  expect(carryQuestionIds(inserted, survey.questions).map((q) => q.id)).toEqual([undefined, ...ids]);
});
