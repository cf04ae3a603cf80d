// Conformance beyond PostHog's own tests: the response-sampling checks of SurveySerializerCreateUpdateOnly.validate,
// with their exact bodies, judged on the fields a request sends.
import { errorBody, startHarness, type Harness } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  await h.control("POST", "/clock", { now: "2024-12-12T15:30:00Z" });
});

const SAMPLING = {
  response_sampling_interval_type: "day",
  response_sampling_interval: 10,
  response_sampling_limit: 500,
};
let n = 0;
const survey = (extra: Record<string, unknown>) => h.survey({ name: `s${n++}`, type: "popover", ...extra });

describe("response sampling checks", () => {
  it("a start date before today (UTC) is refused with both instants as Python prints them; today's midnight passes", async () => {
    const r = await survey({ ...SAMPLING, response_sampling_start_date: "2024-12-11T23:59:59.5Z" });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "Response sampling start date must be today or a future date in UTC. Got 2024-12-11 23:59:59.500000+00:00 when current time is 2024-12-12 00:00:00+00:00",
        "response_sampling_start_date",
      ),
    );
    expect((await survey({ ...SAMPLING, response_sampling_start_date: "2024-12-12T00:00:00Z" })).status).toBe(
      201,
    );
  });

  it("an interval of 0 is refused; a positive limit and interval need a start date", async () => {
    const zero = await survey({ response_sampling_interval: 0 });
    expect(zero.body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "Response sampling interval must be greater than 0.",
        "response_sampling_interval",
      ),
    );
    const noStart = await survey(SAMPLING);
    expect(noStart.body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "Response sampling start date should be set if response_sampling_start_date is not zero.",
        "response_sampling_start_date",
      ),
    );
    expect((await survey({ ...SAMPLING, response_sampling_limit: 0 })).status).toBe(201);
  });

  it("only the fields sent are judged: once the start date has passed, other edits still save", async () => {
    const created = await survey({ ...SAMPLING, response_sampling_start_date: "2024-12-12T00:00:00Z" });
    await h.control("POST", "/clock", { advanceSeconds: 3 * 86_400 });
    const r = await h.api("PATCH", `/api/projects/1/surveys/${created.body.id}/`, { name: "renamed" });
    expect(r.status).toBe(200);
    const again = await h.api("PATCH", `/api/projects/1/surveys/${created.body.id}/`, {
      response_sampling_start_date: "2024-12-12T00:00:00Z",
    });
    expect(again.status).toBe(400);
    expect(again.body.attr).toBe("response_sampling_start_date");
  });
});
