// This example's unit tests under pulumi.runtime.setMocks: no PostHog, no emulator, no deployment. The mocks
// answer every resource registration and every data-function call; with no PostHog API key configured, the
// package routes getSurveyResponsesCountOutput to the mocks' call() under its token
// (docs/guides/testing-your-program.md). The same program against the emulator: emulator.test.ts.
import * as pulumi from "@pulumi/pulumi";

const PROJECT = "posthog-nps-program";
const registered: pulumi.runtime.MockResourceArgs[] = [];
const calls: pulumi.runtime.MockCallArgs[] = [];
const environment = { ...process.env };

/** PostHog's answer to the responses count, as the test decides it: 12 for the NPS survey, none elsewhere. */
const RESPONSES = { "quarterly-nps-id": 12 };

beforeAll(() => {
  // Unit tests must not reach a PostHog configured in the shell: no key, so the data function asks the mocks.
  for (const name of Object.keys(process.env)) if (name.startsWith("POSTHOG_")) delete process.env[name];
  pulumi.runtime.setConfig(`${PROJECT}:linkedFlagKey`, "new-dashboard");
  return pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        // A survey's id and surveyId are PostHog's; here they are made up from the resource name.
        return { id: `${args.name}-id`, state: { ...args.inputs, surveyId: `${args.name}-id` } };
      },
      call: (args) => {
        calls.push(args);
        if (args.token === "posthog-iac:index:getSurveyResponsesCount") {
          return { projectId: "1", counts: RESPONSES };
        }
        throw new Error(`unexpected call ${args.token}`);
      },
    },
    PROJECT,
    "test",
    false,
  );
});
afterAll(() => {
  process.env = environment;
});

/** A stack output's value (an Output, or an object of them), once the mocks have answered. */
const valueOf = <T>(output: pulumi.Input<T>) =>
  new Promise<pulumi.Unwrap<T>>((resolve) => pulumi.output(output).apply(resolve));

/** The program's stack outputs (its exports). */
interface Program {
  surveyIds: Record<string, pulumi.Output<string>>;
  responses: pulumi.Output<Record<string, number>>;
}

let program: Program;
beforeAll(async () => {
  program = (await import("../index")) as unknown as Program;
});

describe("examples/nps-program under setMocks", () => {
  it("declares the three surveys, the feature survey linked to its flag by key", async () => {
    await valueOf(program.surveyIds);
    // Registrations arrive once each survey's inputs have resolved, in any order.
    // The package also registers one `posthog:StackMark` per program (the stack's mark that tells this stack's
    // surveys from another's): the surveys are the registrations of type Survey.
    const surveys = registered
      .filter((r) => r.type.endsWith(":Survey"))
      .map((r) => [r.name, r.inputs.name, r.inputs.type])
      .sort();
    expect(surveys).toEqual([
      ["cancellation-reasons", "Why are you cancelling?", "api"],
      ["feature-feedback", "New dashboard feedback", "popover"],
      ["quarterly-nps", "Quarterly NPS", "popover"],
    ]);
    const feature = registered.find((r) => r.name === "feature-feedback")!;
    expect(feature.inputs).toMatchObject({ linkedFlagKey: "new-dashboard", responsesLimit: 500 });
    expect(feature.inputs).not.toHaveProperty("linkedFlagId");
    const nps = registered.find((r) => r.name === "quarterly-nps")!;
    expect(nps.inputs).toMatchObject({
      schedule: "recurring",
      iterationCount: 4,
      iterationFrequencyDays: 90,
    });
    expect(nps.inputs.targetingFlagFilters.groups[0].rollout_percentage).toBe(50);
  });

  it("exports the surveys' ids", async () => {
    expect(await valueOf(program.surveyIds)).toEqual({
      nps: "quarterly-nps-id",
      featureFeedback: "feature-feedback-id",
      cancellation: "cancellation-reasons-id",
    });
  });

  it("asks the mocks, not PostHog, for the responses count, and reports it per survey", async () => {
    expect(await valueOf(program.responses)).toEqual({ nps: 12, featureFeedback: 0, cancellation: 0 });
    const asked = calls.filter((c) => c.token === "posthog-iac:index:getSurveyResponsesCount");
    expect(asked).toHaveLength(1);
    expect(asked[0].inputs.surveyIds).toEqual([
      "quarterly-nps-id",
      "feature-feedback-id",
      "cancellation-reasons-id",
    ]);
  });
});
