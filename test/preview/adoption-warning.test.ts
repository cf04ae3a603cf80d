// Preview names each adoption: check warns, for a resource the stack does not hold yet (no old inputs), that it
// adopts what PostHog holds instead of creating (src/ownership/adoption.ts); never for one already in state.
import { check as checkSurvey } from "../../src/resources/survey/preview";
import { check as checkInvite } from "../../src/resources/invite/preview";
import { declareSurvey } from "../../src/resources/survey/declaration";
import { declareInvite } from "../../src/resources/invite/declaration";
import { warn } from "../../src/provider-kit/warn";

jest.mock("../../src/provider-kit/warn", () => ({ warn: jest.fn() }));
const warned = jest.mocked(warn);
beforeEach(() => warned.mockClear());

const SURVEY = { name: "Quarterly NPS", type: "popover", questions: [{ type: "open", question: "Why?" }] };
const TAIL =
  'the object becomes this stack\'s and nothing is created. Pulumi shows and counts an adoption as a create ("+"), as it cannot import a dynamic resource.';

it("a survey adopted by id, at create", async () => {
  await checkSurvey({}, declareSurvey({ ...SURVEY, adopt: { id: "0188-a" } }));
  expect(warned.mock.calls).toEqual([
    [`Survey "Quarterly NPS": adopts PostHog's survey 0188-a instead of creating a survey: ${TAIL}`],
  ]);
});

it("a survey adopted by name, at create", async () => {
  await checkSurvey({}, declareSurvey({ ...SURVEY, adopt: { name: "Old NPS" } }));
  expect(warned.mock.calls).toEqual([
    [`Survey "Quarterly NPS": adopts PostHog's survey named "Old NPS" instead of creating a survey: ${TAIL}`],
  ]);
});

it("an invite adopted, at create", async () => {
  await checkInvite({}, declareInvite({ targetEmail: "Ada@Example.com", level: "admin", adopt: true }));
  expect(warned.mock.calls).toEqual([
    [
      `Invite "ada@example.com": adopts the invite or membership PostHog holds for ada@example.com instead of sending an invitation: ${TAIL}`,
    ],
  ]);
});

it("nothing for a resource already in state, nor for one that does not adopt", async () => {
  await checkSurvey({ name: "Quarterly NPS" }, declareSurvey({ ...SURVEY, adopt: { id: "0188-a" } }));
  await checkSurvey({}, declareSurvey(SURVEY));
  await checkInvite(
    { targetEmail: "ada@example.com" },
    declareInvite({ targetEmail: "ada@example.com", adopt: true }),
  );
  await checkInvite({}, declareInvite({ targetEmail: "ada@example.com" }));
  expect(warned.mock.calls).toEqual([]);
});

it("on the plugin face, no word of dynamic resources: the plugin's can be imported (issue 55, case 10)", () => {
  jest.isolateModules(() => {
    // The plugin sets its settings source at start (plugin/main.ts); a module of its own here, so the dynamic face's
    // tests above keep theirs.
    const settings =
      require("../../src/provider-kit/settings-source") as typeof import("../../src/provider-kit/settings-source");
    const { adoptionWarning } =
      require("../../src/ownership/adoption") as typeof import("../../src/ownership/adoption");
    settings.useProviderSettings("posthog-iac");
    expect(adoptionWarning('Survey "NPS"', "PostHog's survey 0188-a", "creating a survey")).toBe(
      "Survey \"NPS\": adopts PostHog's survey 0188-a instead of creating a survey: the object becomes this stack's and " +
        'nothing is created. Pulumi shows and counts an adoption as a create ("+"), since adopt is an input of a ' +
        "create (pulumi import is the engine's own way to take an object in).",
    );
  });
});
