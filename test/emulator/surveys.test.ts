// Conformance: survey validation (docs/contributing/posthog-behaviour.md#survey-validation), response shapes, defaults, list filters, delete.
import { errorBody, useHarness } from "./helpers";

const h = useHarness();

const base = () => `/api/projects/${h.em.projectId}/surveys/`;
const invalid = (detail: string, attr: string | null = "questions") =>
  errorBody("validation_error", "invalid_input", detail, attr);

async function expect400(body: Record<string, unknown>, expected: object, method = "POST", path = base()) {
  const r = await h.api(method, path, method === "POST" ? { type: "popover", ...body } : body);
  expect(r.status).toBe(400);
  expect(r.body).toEqual(expected);
}

const GET_FIELDS = [
  "id",
  "name",
  "description",
  "type",
  "schedule",
  "linked_flag",
  "linked_flag_id",
  "linked_insight_id",
  "targeting_flag",
  "internal_targeting_flag",
  "questions",
  "conditions",
  "appearance",
  "created_at",
  "created_by",
  "start_date",
  "end_date",
  "archived",
  "responses_limit",
  "feature_flag_keys",
  "iteration_count",
  "iteration_frequency_days",
  "iteration_start_dates",
  "current_iteration",
  "current_iteration_start_date",
  "response_sampling_start_date",
  "response_sampling_interval_type",
  "response_sampling_interval",
  "response_sampling_limit",
  "response_sampling_daily_limits",
  "enable_partial_responses",
  "enable_iframe_embedding",
  "base_language",
  "translations",
  "user_access_level",
  "form_content",
];
const WRITE_ONLY_OR_READ_ONLY = [
  "linked_flag_id",
  "linked_insight_id",
  "feature_flag_keys",
  "user_access_level",
];

describe("create and read shapes", () => {
  it("POST returns the create serializer shape; GET the full shape with defaults", async () => {
    const created = await h.survey({ name: "Shape", questions: [{ type: "open", question: "Why?" }] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      GET_FIELDS.filter((f) => !WRITE_ONLY_OR_READ_ONLY.includes(f)).sort(),
    );
    for (const f of ["targeting_flag_filters", "remove_targeting_flag", "targeting_flag_id"]) {
      expect(created.body).not.toHaveProperty(f);
    }
    const got = await h.api("GET", `${base()}${created.body.id}/`);
    expect(got.status).toBe(200);
    expect(Object.keys(got.body).sort()).toEqual([...GET_FIELDS].sort());
    expect(got.body).toMatchObject({
      name: "Shape",
      description: "",
      type: "popover",
      schedule: "once",
      enable_partial_responses: false,
      appearance: null,
      conditions: null,
      targeting_flag: null,
      linked_flag: null,
      linked_flag_id: null,
      archived: false,
      iteration_start_dates: [],
      response_sampling_interval_type: "week",
      start_date: null,
      end_date: null,
    });
    expect(got.body.internal_targeting_flag).toMatchObject({ active: false, deleted: false });
    expect(got.body.internal_targeting_flag.key).toMatch(/^survey-targeting-[0-9a-f]{10}-custom$/);
    expect(got.body.feature_flag_keys).toEqual([
      { key: "linked_flag_key", value: null },
      { key: "targeting_flag_key", value: null },
      { key: "internal_targeting_flag_key", value: got.body.internal_targeting_flag.key },
      { key: "internal_response_sampling_flag_key", value: null },
    ]);
    expect(got.body.created_by).toMatchObject({ id: expect.any(Number), email: expect.any(String) });
    expect(got.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$/);
  });

  it("accepts every type of the seed interface and of PostHog", async () => {
    const types = ["popover", "button", "email", "full_screen", "api", "widget", "external_survey"];
    for (const type of types) {
      const r = await h.survey({ name: `type ${type}`, type });
      expect(r.status).toBe(201);
      expect(r.body.type).toBe(type);
    }
  });

  it("dates come back in DRF's UTC format", async () => {
    const r = await h.survey({
      name: "dates",
      start_date: "2024-05-01T12:00:00+02:00",
      end_date: "2024-06-01T00:00:00.5Z",
    });
    expect(r.body.start_date).toBe("2024-05-01T10:00:00Z");
    expect(r.body.end_date).toBe("2024-06-01T00:00:00.500000Z");
  });
});

describe("field validation", () => {
  it("name and type are required on POST", async () => {
    await expect400(
      { type: "api" },
      errorBody("validation_error", "required", "This field is required.", "name"),
    );
    const r = await h.api("POST", base(), { name: "no type" });
    expect(r.body).toEqual(errorBody("validation_error", "required", "This field is required.", "type"));
  });

  it("blank, too long, null, bad choice", async () => {
    await expect400(
      { name: "  " },
      errorBody("validation_error", "blank", "This field may not be blank.", "name"),
    );
    await expect400(
      { name: "x".repeat(401) },
      errorBody(
        "validation_error",
        "max_length",
        "Ensure this field has no more than 400 characters.",
        "name",
      ),
    );
    await expect400(
      { name: null },
      errorBody("validation_error", "null", "This field may not be null.", "name"),
    );
    const r = await h.api("POST", base(), { name: "bad type", type: "banner" });
    expect(r.body).toEqual(
      errorBody("validation_error", "invalid_choice", '"banner" is not a valid choice.', "type"),
    );
    expect((await h.survey({ name: "x".repeat(400) })).status).toBe(201);
  });

  it("name is unique per project, with different POST and PATCH messages", async () => {
    await h.survey({ name: "Unique" });
    const other = await h.survey({ name: "Other" });
    await expect400(
      { name: "Unique" },
      errorBody("validation_error", "unique", "There is already a survey with this name."),
    );
    expect((await h.survey({ name: "unique" })).status).toBe(201); // case-sensitive
    await expect400(
      { name: "Unique" },
      errorBody("validation_error", "unique", "There is already another survey with this name."),
      "PATCH",
      `${base()}${other.body.id}/`,
    );
    const same = await h.api("PATCH", `${base()}${other.body.id}/`, { name: "Other" });
    expect(same.status).toBe(200);
    const p2 = await h.control("POST", "/projects", { name: "second" });
    const inOther = await h.api("POST", `/api/projects/${p2.body.id}/surveys/`, {
      name: "Unique",
      type: "api",
    });
    expect(inOther.status).toBe(201);
  });

  it("questions must be a list of objects with text", async () => {
    await expect400({ name: "q", questions: { a: 1 } }, invalid("Questions must be a list of objects"));
    await expect400({ name: "q", questions: ["text"] }, invalid("Questions must be a list of objects"));
    await expect400({ name: "q", questions: [{ type: "open" }] }, invalid("Question text is required"));
    await expect400(
      { name: "q", questions: [{ type: "open", question: 5 }] },
      invalid("Question text must be a string"),
    );
    await expect400(
      { name: "q", questions: [{ type: "open", question: "a", descriptionContentType: "md" }] },
      invalid("Question descriptionContentType must be one of ['text', 'html']"),
    );
    await expect400(
      { name: "q", questions: [{ type: "single_choice", question: "a", choices: "a,b" }] },
      invalid("Question choices must be a list of strings"),
    );
    await expect400(
      { name: "q", questions: [{ type: "single_choice", question: "a", choices: ["a", ""] }] },
      invalid("Question choices cannot be empty"),
    );
  });

  it("link questions accept only https and mailto", async () => {
    const link = (l: string) => ({ name: "l", questions: [{ type: "link", question: "go", link: l }] });
    await expect400(
      link("http://example.com"),
      invalid("Link must be a URL with one of these schemes: [https, mailto]"),
    );
    await expect400(
      link("javascript:alert(1)"),
      invalid("Link must be a URL with one of these schemes: [https, mailto]"),
    );
    await expect400(
      link("mailto:nobody"),
      invalid("Invalid mailto link. Please enter a valid mailto link (e.g., mailto:example@domain.com)."),
    );
    await expect400(link("https://"), invalid("Invalid HTTPS URL. Please enter a valid HTTPS link."));
    expect((await h.survey(link("https://posthog.com/x"))).status).toBe(201);
    expect((await h.survey({ ...link("mailto:a@example.com"), name: "l2" })).status).toBe(201);
  });

  it("conditions and appearance objects", async () => {
    await expect400({ name: "c", conditions: [] }, invalid("Conditions must be an object", "conditions"));
    await expect400({ name: "c", appearance: "red" }, invalid("Appearance must be an object", "appearance"));
    await expect400(
      { name: "c", appearance: { surveyPopupDelaySeconds: -1 } },
      invalid("Survey popup delay seconds must be a positive integer", "appearance"),
    );
    await expect400(
      { name: "c", appearance: { whiteLabel: "yes" } },
      invalid("whiteLabel must be a boolean", "appearance"),
    );
    const ok = await h.survey({
      name: "c",
      conditions: { url: "x", urlMatchType: "icontains" },
      appearance: { whiteLabel: true },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.conditions).toEqual({ url: "x", urlMatchType: "icontains" });
  });

  it("shuffleQuestions with branching is a non-field error", async () => {
    await expect400(
      {
        name: "s",
        appearance: { shuffleQuestions: true },
        questions: [{ type: "open", question: "a", branching: { type: "end" } }],
      },
      invalid(
        "Question shuffling and question branching cannot be used together. Please disable one of these features.",
        null,
      ),
    );
  });

  // PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate_questions and
  // validate check no branching target; `branching` is stored as sent (the provider's check refuses it).
  it("a branch to a question that does not exist is stored as sent, as PostHog does", async () => {
    const branching = [
      { type: "specific_question", index: 5 },
      { type: "response_based", responseValues: { detractors: 7, passives: "end", promoters: 0 } },
    ];
    for (const b of branching) {
      const r = await h.survey({
        name: `branch ${b.type}`,
        questions: [{ type: "rating", question: "How likely?", scale: 10, branching: b }],
      });
      expect(r.status).toBe(201);
      expect(r.body.questions[0].branching).toEqual(b);
      const got = await h.api("GET", `${base()}${r.body.id}/`);
      expect(got.body.questions[0].branching).toEqual(b);
    }
  });

  it("translation language codes are stored normalised at survey and question level alike", async () => {
    const r = await h.survey({
      name: "pt-BR at both levels",
      translations: { "pt-BR": { name: "Pesquisa" } },
      questions: [{ type: "open", question: "Why?", translations: { pt_BR: { question: "Por quê?" } } }],
    });
    expect(r.status).toBe(201);
    const got = await h.api("GET", `${base()}${r.body.id}/`);
    expect(got.body.translations).toEqual({ "pt-br": { name: "Pesquisa" } });
    expect(got.body.questions[0].translations).toEqual({ "pt-br": { question: "Por quê?" } });
    await expect400(
      {
        name: "base twice",
        base_language: "pt-BR",
        questions: [{ type: "open", question: "Q", translations: { "PT-br": { question: "Q" } } }],
      },
      invalid(
        "Question 1 translation: 'PT-br' matches the survey's base language ('pt-br'). The original text already covers this language — translate to a different language.",
      ),
    );
  });

  it("schedule, iteration_count, responses_limit, booleans and dates", async () => {
    await expect400(
      { name: "s", schedule: "daily" },
      invalid("Schedule must be one of: once, recurring, always", "schedule"),
    );
    await expect400(
      { name: "s", iteration_count: 501 },
      errorBody(
        "validation_error",
        "max_value",
        "Ensure this value is less than or equal to 500.",
        "iteration_count",
      ),
    );
    await expect400(
      { name: "s", iteration_count: -1 },
      errorBody(
        "validation_error",
        "min_value",
        "Ensure this value is greater than or equal to 0.",
        "iteration_count",
      ),
    );
    await expect400(
      { name: "s", responses_limit: "many" },
      invalid("A valid integer is required.", "responses_limit"),
    );
    await expect400({ name: "s", archived: "maybe" }, invalid("Must be a valid boolean.", "archived"));
    await expect400(
      { name: "s", start_date: "yesterday" },
      {
        ...invalid("", "start_date"),
        detail: expect.stringMatching(/^Datetime has wrong format/),
      },
    );
    const ok = await h.survey({
      name: "s",
      schedule: "recurring",
      iteration_count: 500,
      responses_limit: 10,
    });
    expect(ok.status).toBe(201);
  });

  it("iterations derive start dates from start_date", async () => {
    const r = await h.survey({
      name: "it",
      schedule: "recurring",
      iteration_count: 3,
      iteration_frequency_days: 7,
      start_date: "2024-01-01T00:00:00Z",
    });
    expect(r.body.iteration_start_dates).toEqual([
      "2024-01-01T00:00:00Z",
      "2024-01-08T00:00:00Z",
      "2024-01-15T00:00:00Z",
    ]);
    expect(r.body.current_iteration).toBe(1);
    // PostHog refuses a lower count only when it is positive; 0 turns the schedule off (and, sent without
    // iteration_frequency_days, nulls the frequency).
    const off = await h.api("PATCH", `${base()}${r.body.id}/`, { iteration_count: 0 });
    expect(off.body).toMatchObject({
      iteration_count: 0,
      iteration_frequency_days: null,
      iteration_start_dates: [],
      current_iteration: null,
    });
    const noStart = await h.survey({ name: "it2", iteration_count: 2, iteration_frequency_days: 1 });
    expect(noStart.body.iteration_start_dates).toBeNull();
  });

  it("external_survey rejects targeting fields, keyed by field", async () => {
    const flag = await h.api("POST", `/api/projects/${h.em.projectId}/feature_flags/`, { key: "ext-flag" });
    await expect400(
      { name: "e", type: "external_survey", linked_flag_id: flag.body.id },
      invalid("linked_flag_id is not allowed for external surveys", "linked_flag_id"),
    );
    await expect400(
      { name: "e", type: "external_survey", conditions: { url: "posthog.com" } },
      invalid("The following condition fields are not allowed for external surveys: url", "conditions"),
    );
    await expect400(
      { name: "e", type: "external_survey", appearance: { surveyPopupDelaySeconds: 3 } },
      invalid("surveyPopupDelaySeconds is not allowed for external surveys", "appearance"),
    );
    expect((await h.survey({ name: "e", type: "external_survey", conditions: { url: null } })).status).toBe(
      201,
    );
  });

  it("first error in field order wins", async () => {
    const r = await h.api("POST", base(), { type: "nope", questions: "x" });
    expect(r.body.attr).toBe("name");
  });
});

describe("questions ids", () => {
  it("assigns uuid4 ids and keeps existing ones across PATCH", async () => {
    const r = await h.survey({
      name: "ids",
      questions: [
        { type: "open", question: "one" },
        { type: "open", question: "two", id: "my-own-id" },
      ],
    });
    const [q1, q2] = r.body.questions;
    expect(q1.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(q2.id).toBe("my-own-id");
    const patched = await h.api("PATCH", `${base()}${r.body.id}/`, {
      questions: [
        { ...q1, question: "one edited" },
        { type: "rating", question: "three", scale: 5, branching: { type: "specific_question", index: 0 } },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.questions[0]).toMatchObject({ id: q1.id, question: "one edited" });
    expect(patched.body.questions[1].id).not.toBe(q1.id);
    expect(patched.body.questions[1].branching).toEqual({ type: "specific_question", index: 0 });
    expect(patched.body.questions).toHaveLength(2);
    const got = await h.api("GET", `${base()}${r.body.id}/`);
    expect(got.body.questions).toEqual(patched.body.questions);
  });
});

describe("list, search, archived, delete", () => {
  it("lists newest first, searches name and description case-insensitively, filters archived", async () => {
    await h.survey({ name: "Alpha", description: "first" });
    await h.survey({ name: "Beta", description: "mentions ALPHA" });
    const gamma = await h.survey({ name: "Gamma" });
    await h.api("PATCH", `${base()}${gamma.body.id}/`, { archived: true });
    const all = await h.api("GET", base());
    expect(all.body.results.map((s: { name: string }) => s.name)).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(Object.keys(all.body.results[0])).toEqual(GET_FIELDS);
    const found = await h.api("GET", `${base()}?search=alpha`);
    // Relevance order: the name match ranks above the description match; both are exact (substring) matches.
    expect(found.body.results.map((s: { name: string }) => s.name)).toEqual(["Alpha", "Beta"]);
    expect(found.body.results.map((s: { search_match_type: string }) => s.search_match_type)).toEqual([
      "exact",
      "exact",
    ]);
    const archived = await h.api("GET", `${base()}?archived=true`);
    expect(archived.body.results.map((s: { name: string }) => s.name)).toEqual(["Gamma"]);
    const live = await h.api("GET", `${base()}?archived=false`);
    expect(live.body.count).toBe(2);
  });

  it("DELETE is 204 with no body, then 404", async () => {
    const r = await h.survey({ name: "gone" });
    const del = await h.api("DELETE", `${base()}${r.body.id}/`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expect((await h.api("GET", `${base()}${r.body.id}/`)).status).toBe(404);
    expect((await h.api("DELETE", `${base()}${r.body.id}/`)).status).toBe(404);
  });

  it("a survey is not visible from another project", async () => {
    const r = await h.survey({ name: "mine" });
    const p2 = await h.control("POST", "/projects", { name: "p2" });
    expect((await h.api("GET", `/api/projects/${p2.body.id}/surveys/${r.body.id}/`)).status).toBe(404);
  });
});

describe("responses_count", () => {
  it("maps id to count, omits zeros, {} without any start_date, honours survey_ids and exclude_archived", async () => {
    const a = await h.survey({ name: "A" });
    const b = await h.survey({ name: "B" });
    const c = await h.survey({ name: "C" });
    const rc = `${base()}responses_count/`;
    await h.control("POST", `/surveys/${a.body.id}/responses`, { count: 3 });
    expect((await h.api("GET", rc)).body).toEqual({});
    await h.api("PATCH", `${base()}${a.body.id}/`, { start_date: "2024-01-01T00:00:00Z" });
    await h.control("POST", `/surveys/${b.body.id}/responses`, { count: 2 });
    const counted = await h.control("POST", `/surveys/${b.body.id}/responses`, { count: 5 });
    expect(counted.body).toEqual({ id: b.body.id, count: 7, archived: 0 });
    expect((await h.api("GET", rc)).body).toEqual({ [a.body.id]: 3, [b.body.id]: 7 });
    expect((await h.api("GET", `${rc}?survey_ids=${a.body.id},${c.body.id}`)).body).toEqual({
      [a.body.id]: 3,
    });
    // exclude_archived drops archived responses, not archived surveys.
    await h.api("PATCH", `${base()}${b.body.id}/`, { archived: true });
    expect((await h.api("GET", `${rc}?exclude_archived=true`)).body).toEqual({
      [a.body.id]: 3,
      [b.body.id]: 7,
    });
    await h.control("POST", `/surveys/${b.body.id}/responses`, { count: 0, archived: 7 });
    await h.control("POST", `/surveys/${a.body.id}/responses`, { count: 0, archived: 1 });
    expect((await h.api("GET", `${rc}?exclude_archived=true`)).body).toEqual({ [a.body.id]: 2 });
    expect((await h.api("GET", `${rc}?exclude_archived=1`)).body).toEqual({ [a.body.id]: 3, [b.body.id]: 7 });
    expect(
      (await h.control("POST", "/surveys/00000000-0000-4000-8000-000000000000/responses", { count: 1 }))
        .status,
    ).toBe(404);
  });
});
