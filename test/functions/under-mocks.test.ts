// Data functions in a program's own unit tests (pulumi.runtime.setMocks, no API key): answered by the mocks'
// call(), as for any Pulumi data source, instead of failing with "No PostHog API key is configured".
import * as pulumi from "@pulumi/pulumi";
import { getFeatureFlag, getSurveyResponsesCountOutput, getSurveys, Survey } from "../../src";

const calls: pulumi.runtime.MockCallArgs[] = [];
let answers: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("POSTHOG_")) delete process.env[name];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => {
        calls.push(args);
        return answers[args.token] ?? {};
      },
    },
    "unit-tests",
    "dev",
    false,
  );
});
beforeEach(() => {
  calls.length = 0;
  answers = {};
});

const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

it("hands each call to the mocks with its token and arguments, and returns their answer", async () => {
  answers = {
    "posthog-iac:index:getSurveys": { projectId: "7", surveys: [{ id: "s-1", name: "NPS" }] },
    "posthog-iac:index:getFeatureFlag": { projectId: "7", id: 42, key: "beta", name: "Beta", active: true },
  };
  await expect(getSurveys({ search: "NPS" })).resolves.toEqual({
    projectId: "7",
    surveys: [{ id: "s-1", name: "NPS" }],
  });
  await expect(getFeatureFlag({ key: "beta" })).resolves.toMatchObject({ id: 42, key: "beta" });
  expect(calls.map((c) => [c.token, c.inputs])).toEqual([
    ["posthog-iac:index:getSurveys", { search: "NPS" }],
    ["posthog-iac:index:getFeatureFlag", { key: "beta" }],
  ]);
});

it("feeds a mocked answer into the resources a program declares from it", async () => {
  answers = { "posthog-iac:index:getSurveyResponsesCount": { projectId: "7", counts: { "s-1": 12 } } };
  const counts = getSurveyResponsesCountOutput({ surveyIds: ["s-1"] });
  const survey = new Survey("follow-up", {
    name: counts.counts.apply((c) => `Follow-up to ${c["s-1"]} answers`),
    type: "popover",
  });
  await expect(valueOf(survey.name)).resolves.toBe("Follow-up to 12 answers");
});

it("says what to answer when the mocks do not know the call", async () => {
  await expect(getSurveys()).rejects.toThrow(
    'getSurveys runs under pulumi.runtime.setMocks, so PostHog is not asked: answer it in your mocks\' call() for token "posthog-iac:index:getSurveys" with an object that has "surveys" (got {}).',
  );
});
