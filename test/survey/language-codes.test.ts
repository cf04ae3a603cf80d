// A language code is written as people write it ("pt-BR") at survey and at question level alike: PostHog
// stores it lowercased at both (survey.py, _validate_translation_language_key), so the first `up` creates the
// survey with "pt-br" keys and the next preview sees no change and sends no request.
import { Survey, SurveyArgs } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const args: SurveyArgs = {
  name: "Languages",
  type: "popover",
  baseLanguage: "en-US",
  translations: { "pt-BR": { name: "Pesquisa" }, es_MX: { name: "Encuesta" } },
  questions: [
    {
      type: "single_choice",
      question: "Which plan?",
      choices: ["Free", "Paid"],
      translations: {
        "pt-BR": { question: "Qual plano?", choices: ["Grátis", "Pago"] },
        es_MX: { question: "¿Qué plan?" },
      },
    },
  ],
};
const program = () => () => {
  new Survey("languages", args);
};

test("pt-BR at survey and question level: stored as pt-br at both, and the next preview is clean", async () => {
  const engine = stack.newEngine();
  const first = await engine.preview(program());
  expect(first.errors).toEqual([]);
  expect(first.steps.map((s) => s.op)).toEqual(["create"]);

  await engine.up(program());
  const id = String(engine.state()[0].id);
  const stored = await stack.api<{
    base_language: string;
    translations: Record<string, unknown>;
    questions: { translations: Record<string, unknown> }[];
  }>("GET", `/api/projects/${stack.projectId}/surveys/${id}/`);
  expect(stored.body.base_language).toBe("en-us");
  expect(stored.body.translations).toEqual({ "pt-br": { name: "Pesquisa" }, "es-mx": { name: "Encuesta" } });
  expect(stored.body.questions[0].translations).toEqual({
    "pt-br": { question: "Qual plano?", choices: ["Grátis", "Pago"] },
    "es-mx": { question: "¿Qué plan?" },
  });

  await stack.clearRequests();
  const next = await engine.preview(program());
  expect(next.errors).toEqual([]);
  expect(next.steps.map((s) => [s.op, s.changedKeys])).toEqual([["same", []]]);
  expect(await stack.requests()).toEqual([]);
  await engine.destroy();
});
