// Issue 21, item 6: a survey with full, PostHog-shaped appearance, conditions and questions, each with keys in
// `extra`, converges through the real plugin against the emulator: one POST, then a preview that shows no change
// and sends nothing, also after a refresh; a changed `extra` key is one PATCH.
import { Survey, SurveyArgs } from "../../src";
import type { Engine } from "../support";
import { LoggedRequest, startStack, TestStack } from "../support/stack";
import {
  EDITOR_APPEARANCE,
  TEMPLATE_CONDITIONS,
  TEMPLATE_QUESTIONS,
} from "../support/posthog-survey-settings";
import { action } from "./fixtures";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const surveys = () => `/api/projects/${stack.projectId}/surveys/`;
const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);
const program = (args: SurveyArgs) => () => {
  new Survey("settings", args);
};

async function up(engine: Engine, args: SurveyArgs) {
  await stack.clearRequests();
  const result = await engine.up(program(args));
  expect(result.errors).toEqual([]);
  return stack.requests();
}

async function expectConverged(engine: Engine, args: SurveyArgs) {
  await stack.clearRequests();
  const preview = await engine.preview(program(args));
  expect(preview.errors).toEqual([]);
  expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
  expect(await stack.requests()).toEqual([]);
}

test("full appearance, conditions and questions, with extra keys: 1 POST, then clean previews", async () => {
  const engine = stack.newEngine();
  const actionId = await action(stack, "Settings signed up");
  const args: SurveyArgs = {
    name: "Full settings",
    type: "popover",
    appearance: { ...EDITOR_APPEARANCE, extra: { futureAppearanceKey: { nested: ["a", 1] } } },
    conditions: {
      ...TEMPLATE_CONDITIONS,
      actions: { values: [{ id: actionId, name: "Settings signed up" }] },
      extra: { futureConditionKey: 3 },
    },
    questions: TEMPLATE_QUESTIONS.map((q, i) => (i === 0 ? { ...q, extra: { futureQuestionKey: true } } : q)),
  };

  const created = await up(engine, args);
  expect(summary(created)).toEqual([`POST ${surveys()} 201`]);
  // PostHog receives the extra keys merged in, never an `extra` key.
  const body = created[0].body as Record<string, Record<string, unknown>[] & Record<string, unknown>>;
  expect(body.appearance).toMatchObject({
    backgroundColor: "#eeeded",
    futureAppearanceKey: { nested: ["a", 1] },
  });
  expect(body.appearance).not.toHaveProperty("extra");
  expect(body.conditions).toMatchObject({ seenSurveyWaitPeriodInDays: 14, futureConditionKey: 3 });
  expect(body.conditions).not.toHaveProperty("extra");
  expect(body.questions[0]).toMatchObject({ type: "rating", scale: 10, futureQuestionKey: true });
  expect(body.questions[0]).not.toHaveProperty("extra");

  const id = engine.state()[0].id;
  const stored = (await stack.api<Record<string, Record<string, unknown>>>("GET", `${surveys()}${id}/`)).body;
  expect(stored.appearance).toMatchObject({ futureAppearanceKey: { nested: ["a", 1] } });
  expect(stored.conditions).toMatchObject({ futureConditionKey: 3, actions: { values: [{ id: actionId }] } });

  await expectConverged(engine, args);
  const refresh = await engine.refresh();
  expect(refresh.errors).toEqual([]);
  await expectConverged(engine, args);

  // Changing a key in extra is a change like any other: one PATCH carrying it.
  const edited: SurveyArgs = {
    ...args,
    appearance: { ...EDITOR_APPEARANCE, extra: { futureAppearanceKey: 2 } },
  };
  const patched = await up(engine, edited);
  expect(summary(patched)).toEqual([`PATCH ${surveys()}${id}/ 200`]);
  expect(patched[0].body).toMatchObject({ appearance: { futureAppearanceKey: 2 } });
  await expectConverged(engine, edited);
});
