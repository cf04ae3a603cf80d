// Ported from PostHog products/surveys/backend/api/test/test_survey.py, classes TestSurveyAPITokens,
// TestResponsesCount, TestSurveyStats (its linked-flag-variant tests), TestExternalSurveyValidation and
// TestSurveyResponseArchive.
// PostHog counts "survey sent" events in ClickHouse; the emulator records counts per survey through
// POST /_emulator/surveys/:id/responses {count, archived}.
import { randomUUID } from "node:crypto";
import { postHogCase } from "./support";

const ph = postHogCase();
const responsesCount = (query = "", key?: string) =>
  ph().h.api("GET", `${ph().surveys}responses_count${query}`, undefined, key === undefined ? {} : { key });
const record = (id: string, count: number, archived?: number) =>
  ph().h.control(
    "POST",
    `/surveys/${id}/responses`,
    archived === undefined ? { count } : { count, archived },
  );

/** The earliest survey with a start_date, then surveys with 3, 6 and 100 responses. */
async function countedSurveys(): Promise<Record<string, number>> {
  await ph().post({ name: "earliest", type: "popover", start_date: "2024-01-21T14:40:09Z" });
  const counts: Record<string, number> = {};
  for (const [name, n] of [
    ["three", 3],
    ["six", 6],
    ["hundred", 100],
  ] as const) {
    const s = await ph().post({ name, type: "popover" });
    await record(s.body.id, n);
    counts[s.body.id] = n;
  }
  return counts;
}

describe("TestSurveyAPITokens", () => {
  test("test_responses_count_works_with_survey_read", async () => {
    const counts = await countedSurveys();
    const key = (await ph().h.control("POST", "/keys", { scopes: ["survey:read"] })).body.key as string;
    const r = await responsesCount("", key);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(counts);
  });
});

describe("TestResponsesCount", () => {
  test("test_responses_count", async () => {
    const counts = await countedSurveys();
    const r = await responsesCount();
    expect(r.status).toBe(200);
    expect(r.body).toEqual(counts);
  });

  test("test_responses_count_zero_responses", async () => {
    const r = await responsesCount();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
  });

  test("test_responses_count_excludes_archived_responses", async () => {
    const s = await ph().post({ name: "archive", type: "popover", start_date: "2024-04-26T14:40:09Z" });
    await record(s.body.id, 1);
    expect((await responsesCount()).body[s.body.id]).toBe(1);
    await record(s.body.id, 0, 1);
    expect((await responsesCount()).body[s.body.id]).toBe(1);
    const excluded = await responsesCount("?exclude_archived=true");
    expect(excluded.status).toBe(200);
    expect(excluded.body[s.body.id] ?? 0).toBe(0);
  });

  test("test_responses_count_filters_by_survey_ids", async () => {
    const ids: string[] = [];
    for (const [name, n] of [
      ["one", 5],
      ["two", 3],
      ["three", 7],
    ] as const) {
      const s = await ph().post({
        name,
        type: "popover",
        ...(name === "one" ? { start_date: "2024-04-21T14:40:09Z" } : {}),
      });
      await record(s.body.id, n);
      ids.push(s.body.id);
    }
    const [one, two, three] = ids;
    expect((await responsesCount()).body).toEqual({ [one]: 5, [two]: 3, [three]: 7 });
    expect((await responsesCount(`?survey_ids=${one}`)).body).toEqual({ [one]: 5 });
    expect((await responsesCount(`?survey_ids=${one},${two}`)).body).toEqual({ [one]: 5, [two]: 3 });
    expect((await responsesCount(`?survey_ids=%20${three}%20`)).body).toEqual({ [three]: 7 });
    expect(Object.keys((await responsesCount("?survey_ids=")).body)).toHaveLength(3);
  });
});

describe("TestSurveyStats", () => {
  const abFlag = (key: string, variants: string[]) =>
    ph().createFlag(key, {
      groups: [{ properties: [], rollout_percentage: 100 }],
      multivariate: { variants: variants.map((v) => ({ key: v, rollout_percentage: 50 })) },
    });
  const withVariant = (name: string, variant: string, flag?: number) =>
    ph().post({
      name,
      type: "popover",
      ...(flag === undefined ? {} : { linked_flag_id: flag }),
      conditions: { linkedFlagVariant: variant },
      questions: [{ type: "open", question: "Test question" }],
    });

  test("test_create_survey_with_valid_linked_flag_variant", async () => {
    const flag = await abFlag("test-ab-flag", ["control", "treatment"]);
    const r = await withVariant("Variant Survey", "control", flag);
    expect(r.status).toBe(201);
    expect(r.body.linked_flag.id).toBe(flag);
    expect(r.body.conditions.linkedFlagVariant).toBe("control");
  });

  test("test_create_survey_with_invalid_linked_flag_variant", async () => {
    const flag = await abFlag("test-ab-flag", ["control", "treatment"]);
    const r = await withVariant("Invalid Variant Survey", "non_existent_variant", flag);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "Feature flag variant 'non_existent_variant' does not exist. Available variants: control, treatment",
    );
  });

  test("test_create_survey_with_linked_flag_variant_any", async () => {
    const flag = await abFlag("test-multivariate-flag", ["variant_a", "variant_b", "variant_c"]);
    const r = await withVariant("Any Variant Survey", "any", flag);
    expect(r.status).toBe(201);
    expect(r.body.linked_flag.id).toBe(flag);
    expect(r.body.conditions.linkedFlagVariant).toBe("any");
  });

  test("test_create_survey_with_linked_flag_variant_no_variants", async () => {
    const flag = await ph().createFlag("simple-flag", {
      groups: [{ properties: [], rollout_percentage: 100 }],
    });
    const r = await withVariant("No Variants Survey", "some_variant", flag);
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "Feature flag variant 'some_variant' specified but the linked feature flag has no variants",
    );
  });

  test("test_create_survey_with_linked_flag_variant_without_flag_id", async () => {
    const r = await withVariant("No Flag ID Survey", "some_variant");
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("linkedFlagVariant can only be used when a linked_flag_id is specified");
  });

  test("test_update_survey_with_valid_linked_flag_variant", async () => {
    const flag = await abFlag("update-test-flag", ["alpha", "beta"]);
    const s = await ph().post({
      name: "Update Test Survey",
      type: "popover",
      questions: [{ type: "open", question: "Initial question" }],
    });
    const r = await ph().patch(s.body.id, {
      linked_flag_id: flag,
      conditions: { linkedFlagVariant: "alpha" },
    });
    expect(r.status).toBe(200);
    expect(r.body.linked_flag.id).toBe(flag);
    expect(r.body.conditions.linkedFlagVariant).toBe("alpha");
  });

  test("test_update_survey_with_invalid_linked_flag_variant", async () => {
    const flag = await abFlag("update-invalid-test-flag", ["option_1", "option_2"]);
    const s = await ph().post({
      name: "Update Invalid Test Survey",
      type: "popover",
      questions: [{ type: "open", question: "Initial question" }],
    });
    const r = await ph().patch(s.body.id, {
      linked_flag_id: flag,
      conditions: { linkedFlagVariant: "invalid_option" },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "Feature flag variant 'invalid_option' does not exist. Available variants: option_1, option_2",
    );
  });
});

describe("TestExternalSurveyValidation", () => {
  let testFlag: number;
  beforeEach(async () => {
    testFlag = await ph().createFlag("test-flag", { groups: [{ properties: [], rollout_percentage: 50 }] });
  });
  const EMAIL_TARGETING = {
    groups: [
      {
        properties: [{ key: "email", value: "@test.com", operator: "icontains", type: "person" }],
        rollout_percentage: 50,
      },
    ],
  };

  test("test_update_survey_to_external_with_prohibited_fields_returns_validation_error", async () => {
    const s = await ph().post({
      name: "Regular Survey",
      type: "popover",
      questions: [{ type: "open", question: "Test question" }],
    });
    const r = await ph().patch(s.body.id, {
      type: "external_survey",
      linked_flag_id: testFlag,
      targeting_flag_filters: EMAIL_TARGETING,
      conditions: { url: "https://different.com" },
      appearance: { backgroundColor: "#ffffff", surveyPopupDelaySeconds: 5, submitButtonColor: "#000000" },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "linked_flag_id is not allowed for external surveys",
      attr: "linked_flag_id",
    });
  });

  test("test_create_external_survey_with_prohibited_fields_returns_validation_error", async () => {
    const r = await ph().post({
      name: "External Survey with Prohibited Fields",
      type: "external_survey",
      questions: [{ type: "open", question: "What do you think?" }],
      linked_flag_id: testFlag,
      targeting_flag_filters: EMAIL_TARGETING,
      conditions: { url: "https://example.com", selector: ".test-button" },
      appearance: { backgroundColor: "#ffffff", surveyPopupDelaySeconds: 3, submitButtonColor: "#ff0000" },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain("not allowed for external surveys");
  });

  test("test_create_external_survey_without_prohibited_fields_succeeds", async () => {
    const r = await ph().post({
      name: "Valid External Survey",
      type: "external_survey",
      questions: [{ type: "open", question: "What do you think?" }],
      appearance: { backgroundColor: "#ffffff", submitButtonColor: "#ff0000" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "Valid External Survey",
      type: "external_survey",
      appearance: { backgroundColor: "#ffffff", submitButtonColor: "#ff0000" },
    });
  });

  test("test_external_survey_allows_empty_conditions", async () => {
    const r = await ph().post({
      name: "External Survey with Empty Conditions",
      type: "external_survey",
      questions: [{ type: "open", question: "What do you think?" }],
      conditions: {
        actions: { values: [] },
        events: { values: [] },
        deviceTypes: null,
        deviceTypesMatchType: null,
        linkedFlagVariant: null,
        seenSurveyWaitPeriodInDays: null,
        url: null,
        urlMatchType: null,
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "External Survey with Empty Conditions", type: "external_survey" });
  });

  test("test_external_survey_rejects_populated_conditions", async () => {
    const r = await ph().post({
      name: "External Survey with Populated Conditions",
      type: "external_survey",
      questions: [{ type: "open", question: "What do you think?" }],
      conditions: { url: "https://example.com", actions: { values: [{ id: "123" }] } },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "The following condition fields are not allowed for external surveys: url, actions",
      attr: "conditions",
    });
  });

  test("test_non_external_survey_preserves_fields", async () => {
    const r = await ph().post({
      name: "Regular Survey Test",
      type: "popover",
      questions: [{ type: "open", question: "What do you think?" }],
      linked_flag_id: testFlag,
      conditions: { url: "https://example.com" },
      appearance: { backgroundColor: "#ffffff", surveyPopupDelaySeconds: 5 },
    });
    expect(r.status).toBe(201);
    expect(r.body.conditions.url).toBe("https://example.com");
    expect(r.body.linked_flag.id).toBe(testFlag);
    expect(r.body.appearance.surveyPopupDelaySeconds).toBe(5);
  });
});

describe("TestSurveyResponseArchive", () => {
  let surveyId: string;
  const responseUuid = randomUUID();
  beforeEach(async () => {
    const s = await ph().post({
      name: "Test Survey",
      type: "popover",
      questions: [{ type: "open", question: "What do you think?" }],
    });
    surveyId = s.body.id;
  });
  const post = (action: "archive" | "unarchive", uuid: string = responseUuid, id = surveyId) =>
    ph().h.api("POST", `${ph().surveys}${id}/responses/${uuid}/${action}`);
  const archivedUuids = async (id = surveyId) =>
    (await ph().h.api("GET", `${ph().surveys}${id}/archived-response-uuids`)).body as string[];

  test("test_archive_response_idempotent", async () => {
    const first = await post("archive");
    expect(first.status).toBe(200);
    expect(await archivedUuids()).toEqual([responseUuid]);
    expect((await post("archive")).status).toBe(200);
    expect(await archivedUuids()).toEqual([responseUuid]);
  });

  test("test_unarchive_nonexistent_response", async () => {
    const r = await post("unarchive");
    expect(r.status).toBe(200);
    expect(r.body).toBe(200);
  });

  test("test_archive_invalid_uuid_format", async () => {
    const r = await post("archive", "not-a-uuid");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ detail: "Invalid UUID format" });
  });

  test("test_unarchive_invalid_uuid_format", async () => {
    const r = await post("unarchive", "not-a-uuid");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ detail: "Invalid UUID format" });
  });

  test("test_archive_response_cross_team_isolation", async () => {
    const other = await ph().otherProject();
    const otherSurvey = await ph().h.api("POST", `/api/projects/${other}/surveys/`, {
      name: "Other Team Survey",
      type: "popover",
      questions: [{ type: "open", question: "What?" }],
    });
    expect((await post("archive", responseUuid, otherSurvey.body.id)).status).toBe(404);
  });

  test("test_get_archived_response_uuids_empty", async () => {
    const r = await ph().h.api("GET", `${ph().surveys}${surveyId}/archived-response-uuids`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  test("test_get_archived_response_uuids", async () => {
    const [uuid1, uuid2, uuid3] = [randomUUID(), randomUUID(), randomUUID()];
    await post("archive", uuid1);
    await post("archive", uuid2);
    const other = await ph().post({
      name: "Other Survey",
      type: "popover",
      questions: [{ type: "open", question: "?" }],
    });
    await post("archive", uuid3, other.body.id);
    const uuids = await archivedUuids();
    expect(uuids).toHaveLength(2);
    expect(uuids).toEqual(expect.arrayContaining([uuid1, uuid2]));
    expect(uuids).not.toContain(uuid3);
  });
});
