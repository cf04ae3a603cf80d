// startDate and endDate take the ISO 8601 forms that PostHog reads and the provider compares as instants
// (src/provider-kit/date-time.ts); anything else fails at check with the form to use.
import { validateSurveyInputs } from "../../src/resources/survey/validate";
import { sameInstant } from "../../src/provider-kit/equality";
import { naiveAsUtc } from "../../src/provider-kit/normal-form";

const valid = { name: "NPS", type: "popover" };
const FORMS =
  'YYYY-MM-DDThh:mm[:ss[.ffffff]] with "Z" or an offset such as +02:00 (none means UTC), or a date alone ' +
  "(midnight UTC)";

const refusal = (property: string, value: string, problem: string) => ({
  property,
  reason: `${property} "${value}" is not a valid date-time: ${problem}. Write it as ${FORMS}, for example "2026-12-01T09:00:00Z".`,
});

// [written, the instant PostHog stores for it]
const accepted: [string, string][] = [
  ["2026-12-01", "2026-12-01T00:00:00Z"],
  ["2026-12-01T09:00", "2026-12-01T09:00:00Z"],
  ["2026-12-01 09:00:00", "2026-12-01T09:00:00Z"],
  ["2026-12-01T09:00:00Z", "2026-12-01T09:00:00Z"],
  ["2026-12-01T09:00:00.123456Z", "2026-12-01T09:00:00.123456Z"],
  ["2026-12-01T10:30:00+01:30", "2026-12-01T09:00:00Z"],
  ["2026-12-01T04:00-0500", "2026-12-01T09:00:00Z"],
  ["2028-02-29T00:00:00Z", "2028-02-29T00:00:00Z"],
];

describe("survey dates", () => {
  it.each(accepted)("accepts %s, and the diff reads it as the instant PostHog stores", (written, stored) => {
    expect(validateSurveyInputs({ ...valid, startDate: written })).toEqual([]);
    expect(validateSurveyInputs({ ...valid, endDate: written })).toEqual([]);
    expect(sameInstant(naiveAsUtc(written), stored)).toBe(true);
  });

  it("refuses a date that is not ISO 8601, naming the input and showing an example", () => {
    expect(validateSurveyInputs({ ...valid, startDate: "01/12/2026", endDate: "Dec 31 2026" })).toEqual([
      refusal("startDate", "01/12/2026", "it is not in ISO 8601 form"),
      refusal("endDate", "Dec 31 2026", "it is not in ISO 8601 form"),
    ]);
  });

  it.each([
    ["20261201T090000Z", "it is not in ISO 8601 form"], // basic form: PostHog reads it, Date.parse does not
    ["2026-12-01T09:00+01", "it is not in ISO 8601 form"],
    ["2026-12-01T09:00:00,5Z", "it is not in ISO 8601 form"],
    [" 2026-12-01", "it is not in ISO 8601 form"],
    ["2026-1-5", "it is not in ISO 8601 form"],
    ["2026-13-01T00:00:00Z", "there is no month 13"],
    ["2026-02-29", "there is no day 29 in 2026-02"],
    ["2026-04-31T10:00Z", "there is no day 31 in 2026-04"],
    ["2026-12-01T24:00:00Z", "there is no time 24:00:00"],
    ["2026-12-01T09:60Z", "there is no time 09:60"],
    ["2026-12-01T09:00+24:00", "there is no offset +24:00"],
  ])("refuses %s: %s", (written, problem) => {
    expect(validateSurveyInputs({ ...valid, startDate: written })).toEqual([
      refusal("startDate", written, problem),
    ]);
  });
});
