// Issue 12: a Survey converges on what PostHog really stores after one `up`, through the real plugin against
// the emulator. Each case: the requests the `up` sent, then a preview that shows no change and sends nothing.
// The plugin runs in a non-UTC zone so that a date read in the machine's zone would show (case 3).
import { Survey, SurveyArgs } from "../../src";
import type { Engine } from "../support";
import { LoggedRequest, startStack, TestStack } from "../support/stack";
import { action, variantFlag } from "./fixtures";
import {
  EDITOR_APPEARANCE,
  TEMPLATE_CONDITIONS,
  TEMPLATE_QUESTIONS,
} from "../support/posthog-survey-settings";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: { TZ: "America/New_York" } });
});
afterAll(async () => stack?.close());

const surveys = () => `/api/projects/${stack.projectId}/surveys/`;
const summary = (requests: LoggedRequest[]) =>
  requests.map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""} ${r.status}`);
const program = (args: SurveyArgs) => () => {
  new Survey("case", args);
};

/** `up`, with the requests it sent and what the plugin printed. */
async function up(engine: Engine, args: SurveyArgs) {
  await stack.clearRequests();
  const printed = stack.server.engineLog().length;
  const result = await engine.up(program(args));
  expect(result.errors).toEqual([]);
  return { requests: await stack.requests(), warnings: stack.server.engineLog().slice(printed) };
}

/** The next preview shows no change and sends no request. */
async function expectConverged(engine: Engine, args: SurveyArgs) {
  await stack.clearRequests();
  const preview = await engine.preview(program(args));
  expect(preview.errors).toEqual([]);
  expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
  expect(await stack.requests()).toEqual([]);
}

async function stored(id: string) {
  return (await stack.api<Record<string, unknown>>("GET", `${surveys()}${id}/`)).body;
}

test("1 rich text: compared as PostHog sanitises it, with a warning showing the stored form", async () => {
  const engine = stack.newEngine();
  const args: SurveyArgs = {
    name: "Case 1 rich text",
    type: "popover",
    questions: [
      {
        type: "open",
        question: "How do you use <b>Dashboards</b> & <i>Insights</i>?",
        description: "First line<br/>second line",
        descriptionContentType: "html",
      },
    ],
    appearance: {
      thankYouMessageHeader: "Thanks!",
      thankYouMessageDescription: "<p onclick='x()'>We read <em>every</em> answer</p>",
      thankYouMessageDescriptionContentType: "html",
    },
  };
  const first = await up(engine, args);
  expect(summary(first.requests)).toEqual([`POST ${surveys()} 201`]);
  // Sent as declared: PostHog does the sanitising.
  expect(first.requests[0].body).toMatchObject({
    questions: [{ question: "How do you use <b>Dashboards</b> & <i>Insights</i>?" }],
  });
  expect(first.warnings).toContain(
    'warning: Survey "Case 1 rich text": PostHog sanitises the HTML in questions[0].question and stores it as "How do you use <b>Dashboards</b> &amp; <i>Insights</i>?".\n',
  );
  expect(first.warnings).toContain(
    'warning: Survey "Case 1 rich text": PostHog sanitises the HTML in questions[0].description and stores it as "First line<br>second line".\n',
  );
  expect(first.warnings).toContain(
    'warning: Survey "Case 1 rich text": PostHog sanitises the HTML in appearance.thankYouMessageDescription and stores it as "<p>We read <em>every</em> answer</p>".\n',
  );
  const id = engine.state()[0].id;
  expect(await stored(id)).toMatchObject({
    questions: [{ question: "How do you use <b>Dashboards</b> &amp; <i>Insights</i>?" }],
  });
  await expectConverged(engine, args);
  // Refresh keeps the declared form (no drift), and the preview after it is still unchanged.
  const refresh = await engine.refresh();
  expect(refresh.errors).toEqual([]);
  await expectConverged(engine, args);
});

test("2 trailing whitespace in description and name: trimmed at check as PostHog trims it", async () => {
  const engine = stack.newEngine();
  const args: SurveyArgs = {
    name: "  Case 2 whitespace\n",
    type: "api",
    description: "Read from a file.\n\n",
  };
  const first = await up(engine, args);
  expect(summary(first.requests)).toEqual([`POST ${surveys()} 201`]);
  expect(first.requests[0].body).toMatchObject({
    name: "Case 2 whitespace",
    description: "Read from a file.",
  });
  await expectConverged(engine, args);
});

test("3 a date without a zone is UTC, whatever the plugin's zone", async () => {
  const engine = stack.newEngine();
  const args: SurveyArgs = {
    name: "Case 3 dates",
    type: "api",
    startDate: "2026-03-02T09:30:00",
    endDate: "2026-03-09 18:00",
  };
  const first = await up(engine, args);
  expect(summary(first.requests)).toEqual([`POST ${surveys()} 201`]);
  expect(first.requests[0].body).toMatchObject({
    start_date: "2026-03-02T09:30:00Z",
    end_date: "2026-03-09T18:00Z",
  });
  const id = engine.state()[0].id;
  expect(await stored(id)).toMatchObject({
    start_date: "2026-03-02T09:30:00Z",
    end_date: "2026-03-09T18:00:00Z",
  });
  await expectConverged(engine, args);
});

test("5 changing iterationCount alone keeps the frequency", async () => {
  const engine = stack.newEngine();
  const args: SurveyArgs = {
    name: "Case 5 recurring",
    type: "api",
    schedule: "recurring",
    iterationCount: 2,
    iterationFrequencyDays: 30,
    startDate: "2026-03-02T09:30:00Z",
  };
  await up(engine, args);
  const id = engine.state()[0].id;
  const changed = { ...args, iterationCount: 4 };
  const second = await up(engine, changed);
  expect(summary(second.requests)).toEqual([`PATCH ${surveys()}${id}/ 200`]);
  expect(second.requests[0].body).toEqual({ iteration_count: 4, iteration_frequency_days: 30 });
  expect(await stored(id)).toMatchObject({ iteration_count: 4, iteration_frequency_days: 30 });
  await expectConverged(engine, changed);
});

test("6 changing conditions with a linkedFlagVariant carries linked_flag_id", async () => {
  const flagId = await variantFlag(stack, "case-6-flag");
  const engine = stack.newEngine();
  const args: SurveyArgs = {
    name: "Case 6 variant",
    type: "popover",
    questions: [{ type: "open", question: "How is the new flow?" }],
    linkedFlagId: flagId,
    conditions: { linkedFlagVariant: "test", url: "/checkout", urlMatchType: "icontains" },
  };
  await up(engine, args);
  const id = engine.state()[0].id;
  const changed: SurveyArgs = { ...args, conditions: { ...args.conditions, url: "/cart" } };
  const second = await up(engine, changed);
  expect(summary(second.requests)).toEqual([`PATCH ${surveys()}${id}/ 200`]);
  expect(second.requests[0].body).toEqual({
    linked_flag_id: flagId,
    conditions: { linkedFlagVariant: "test", url: "/cart", urlMatchType: "icontains" },
  });
  await expectConverged(engine, changed);
});

test("7 a survey triggered by actions: every PATCH carries conditions, so the actions stay linked", async () => {
  const actionId = await action(stack, "Case 7 signed up");
  const engine = stack.newEngine();
  const args: SurveyArgs = {
    name: "Case 7 actions",
    type: "popover",
    questions: [{ type: "open", question: "Why did you sign up?" }],
    conditions: { actions: { values: [{ id: actionId }] } },
  };
  await up(engine, args);
  const id = engine.state()[0].id;
  const changed = { ...args, description: "Asked after sign-up" };
  const second = await up(engine, changed);
  expect(summary(second.requests)).toEqual([`PATCH ${surveys()}${id}/ 200`]);
  expect(second.requests[0].body).toEqual({
    description: "Asked after sign-up",
    conditions: { actions: { values: [{ id: actionId }] } },
  });
  expect(await stored(id)).toMatchObject({
    conditions: { actions: { values: [expect.objectContaining({ id: actionId })] } },
  });
  await expectConverged(engine, changed);
});

describe("8 names over 200 characters", () => {
  const long = (tag: string) => `Case 8 ${tag} ` + "a very long survey name ".repeat(14).trim();
  const prefix = (name: string) =>
    new URLSearchParams({ limit: "100", search: name.slice(0, 200) }).toString();

  it("adopt by name finds the survey by a 200-character prefix and exact match", async () => {
    const name = long("adopt");
    expect(name.length).toBeGreaterThan(200);
    // A sibling sharing the first 200 characters must not be taken for it.
    const sibling = await stack.api<{ id: string }>("POST", surveys(), {
      name: `${name}(copy)`,
      type: "api",
    });
    const existing = await stack.api<{ id: string }>("POST", surveys(), { name, type: "api" });
    expect([sibling.status, existing.status]).toEqual([201, 201]);
    const engine = stack.newEngine();
    const args: SurveyArgs = { name, type: "api", adopt: { name } };
    const first = await up(engine, args);
    expect(summary(first.requests)).toEqual([`GET ${surveys()}?${prefix(name)} 200`]);
    expect(engine.state()[0].id).toBe(existing.body.id);
    await expectConverged(engine, args);
  });

  it("a POST whose answer was lost is found again by its long name, not posted twice", async () => {
    const name = long("recover");
    await stack.control("POST", "/faults", {
      faults: [{ method: "POST", path: "/surveys/$", times: 1, commitThenDrop: true }],
    });
    const engine = stack.newEngine();
    // A question without an id carries the resource's mark (ownership.ts): what proves the survey found is its own.
    const args: SurveyArgs = { name, type: "api", questions: [{ type: "open", question: "Why?" }] };
    try {
      const first = await up(engine, args);
      expect(summary(first.requests)).toEqual([
        `POST ${surveys()} 201`,
        `GET ${surveys()}?${prefix(name)} 200`,
      ]);
    } finally {
      await stack.control("DELETE", "/faults");
    }
    const all = await stack.api<{ results: { name: string }[] }>("GET", `${surveys()}?limit=100`);
    expect(all.body.results.filter((s) => s.name === name)).toHaveLength(1);
    await expectConverged(engine, args);
  });
});

test.each(["button", "email", "full_screen"] as const)(
  "type %s passes check with a warning naming the current choices",
  async (type) => {
    const engine = stack.newEngine();
    const args: SurveyArgs = { name: `Retired type ${type}`, type };
    await stack.clearRequests();
    const printed = stack.server.engineLog().length;
    const preview = await engine.preview(program(args));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => [s.op, s.checkFailures])).toEqual([["create", []]]);
    expect(stack.server.engineLog().slice(printed)).toBe(
      `warning: Survey "Retired type ${type}": type "${type}" is no longer offered by PostHog; the current types ` +
        'are popover, api, widget, external_survey. For a feedback button use type "widget" with ' +
        'appearance.widgetType "button".\n',
    );
    expect(await stack.requests()).toEqual([]);
  },
);

// Issue 21, item 6: full, PostHog-shaped appearance, conditions and questions (test/support/posthog-survey-settings.ts),
// each with keys in `extra`: PostHog receives those keys merged in, and they converge like any other.
test("9 typed settings as PostHog writes them, with extra keys: 1 POST, clean previews, an extra key edited in 1 PATCH", async () => {
  const engine = stack.newEngine();
  const actionId = await action(stack, "Case 9 signed up");
  const args: SurveyArgs = {
    name: "Case 9 full settings",
    type: "popover",
    appearance: { ...EDITOR_APPEARANCE, extra: { futureAppearanceKey: { nested: ["a", 1] } } },
    conditions: {
      ...TEMPLATE_CONDITIONS,
      actions: { values: [{ id: actionId, name: "Case 9 signed up" }] },
      extra: { futureConditionKey: 3 },
    },
    questions: TEMPLATE_QUESTIONS.map((q, i) => (i === 0 ? { ...q, extra: { futureQuestionKey: true } } : q)),
  };

  const first = await up(engine, args);
  expect(summary(first.requests)).toEqual([`POST ${surveys()} 201`]);
  const body = first.requests[0].body as Record<string, Record<string, unknown>[] & Record<string, unknown>>;
  expect(body.appearance).toMatchObject({
    backgroundColor: "#eeeded",
    futureAppearanceKey: { nested: ["a", 1] },
  });
  expect(body.conditions).toMatchObject({ seenSurveyWaitPeriodInDays: 14, futureConditionKey: 3 });
  expect(body.questions[0]).toMatchObject({ type: "rating", scale: 10, futureQuestionKey: true });
  for (const sent of [body.appearance, body.conditions, body.questions[0]])
    expect(sent).not.toHaveProperty("extra");
  const id = engine.state()[0].id;
  expect(await stored(id)).toMatchObject({
    appearance: { futureAppearanceKey: { nested: ["a", 1] } },
    conditions: { futureConditionKey: 3, actions: { values: [{ id: actionId }] } },
  });

  await expectConverged(engine, args);
  const refresh = await engine.refresh();
  expect(refresh.errors).toEqual([]);
  await expectConverged(engine, args);

  const edited: SurveyArgs = {
    ...args,
    appearance: { ...EDITOR_APPEARANCE, extra: { futureAppearanceKey: 2 } },
  };
  const second = await up(engine, edited);
  expect(summary(second.requests)).toEqual([`PATCH ${surveys()}${id}/ 200`]);
  expect(second.requests[0].body).toMatchObject({ appearance: { futureAppearanceKey: 2 } });
  await expectConverged(engine, edited);
});
