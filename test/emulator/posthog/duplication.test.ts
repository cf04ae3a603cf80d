// Ported from PostHog products/surveys/backend/api/test/test_survey.py, class TestSurveyBulkDuplication.
// PostHog's extra teams are the emulator's extra projects; another organization's team is POST /_emulator/organizations.
import { randomUUID } from "node:crypto";
import { postHogCase } from "./support";

const ph = postHogCase();

describe("TestSurveyBulkDuplication", () => {
  let team2: number;
  let team3: number;
  let source: { id: string; questions: Array<{ id: string }> };
  beforeEach(async () => {
    team2 = await ph().otherProject();
    team3 = await ph().otherProject();
    const r = await ph().post({
      name: "Source Survey",
      description: "A survey to be duplicated",
      type: "popover",
      questions: [
        { id: randomUUID(), type: "open", question: "What do you think?" },
        { id: randomUUID(), type: "rating", question: "Rate us", scale: 5 },
      ],
    });
    source = r.body;
  });
  const duplicate = (body: unknown, surveyId = source.id) =>
    ph().h.api("POST", `${ph().surveys}${surveyId}/duplicate_to_projects/`, body);
  const surveysOf = async (team: number) =>
    (await ph().h.api("GET", `/api/projects/${team}/surveys/`)).body.results as Array<
      Record<string, unknown>
    >;

  test("test_bulk_duplicate_to_multiple_projects", async () => {
    const r = await duplicate({ target_team_ids: [team2, team3] });
    expect(r.status).toBe(201);
    expect(r.body.count).toBe(2);
    expect(r.body.created_surveys).toHaveLength(2);
    for (const team of [team2, team3]) {
      const [copy] = await surveysOf(team);
      expect(copy.name).toMatch(/^Source Survey \(duplicated at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/);
      expect((copy.questions as Array<{ type: string }>).map((q) => q.type)).toEqual(["open", "rating"]);
      expect(copy).toMatchObject({
        description: "A survey to be duplicated",
        type: "popover",
        start_date: null,
        archived: false,
      });
    }
  });

  test("test_bulk_duplicate_to_single_project", async () => {
    const r = await duplicate({ target_team_ids: [team2] });
    expect(r.status).toBe(201);
    expect(r.body.count).toBe(1);
    expect(await surveysOf(team2)).toHaveLength(1);
  });

  test("test_bulk_duplicate_with_empty_team_ids", async () => {
    const r = await duplicate({ target_team_ids: [] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("target_team_ids must be a non-empty list of team IDs");
  });

  test("test_bulk_duplicate_with_missing_team_ids", async () => {
    expect((await duplicate({})).status).toBe(400);
  });

  test("test_bulk_duplicate_with_nonexistent_team", async () => {
    const r = await duplicate({ target_team_ids: [team2, 99999] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("One or more target teams not found or you don't have access to them");
    expect(await surveysOf(team2)).toHaveLength(0);
  });

  test("test_bulk_duplicate_with_team_from_different_org", async () => {
    const other = (await ph().h.control("POST", "/organizations")).body;
    expect(other.project_id).not.toBe(team2);
    const r = await duplicate({ target_team_ids: [team2, other.project_id] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("One or more target teams not found or you don't have access to them");
    expect(await surveysOf(team2)).toHaveLength(0);
  });

  test("test_bulk_duplicate_multiple_times_to_same_team", async () => {
    await ph().h.control("POST", "/clock", { now: "2024-01-01T00:00:00Z" });
    expect((await duplicate({ target_team_ids: [team2] })).status).toBe(201);
    await ph().h.control("POST", "/clock", { advanceSeconds: 1 });
    expect((await duplicate({ target_team_ids: [team2] })).status).toBe(201);
    const names = (await surveysOf(team2)).map((s) => s.name);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
  });

  test("test_bulk_duplicate_does_not_copy_project_specific_fields", async () => {
    const flag = await ph().createFlag("test-flag", {
      groups: [{ properties: [], rollout_percentage: 100 }],
      multivariate: { variants: [{ key: "test-variant", rollout_percentage: 100 }] },
    });
    const action = await ph().createAction("Test Action", []);
    const specific = await ph().post({
      name: "Survey with Project Specifics",
      type: "popover",
      questions: [{ type: "open", question: "Test?" }],
      linked_flag_id: flag,
      conditions: {
        url: "https://example.com",
        linkedFlagVariant: "test-variant",
        actions: { values: [{ id: action }] },
        events: { values: [{ name: "test_event" }] },
      },
    });
    expect(specific.status).toBe(201);
    const r = await duplicate({ target_team_ids: [team2] }, specific.body.id);
    expect(r.status).toBe(201);
    const [copy] = await surveysOf(team2);
    expect(copy.linked_flag).toBeNull();
    expect(copy.targeting_flag).toBeNull();
    expect(copy.conditions).toEqual({ url: "https://example.com" });
  });

  test("test_bulk_duplicate_transaction_rollback_on_error", async () => {
    // PostHog's version only checks consistency if the timestamps happen to collide; here the clock makes
    // the second copy's name collide with an existing survey, so the whole request must fail.
    await ph().h.control("POST", "/clock", { now: "2025-01-20T12:00:00Z" });
    await ph().h.api("POST", `/api/projects/${team3}/surveys/`, {
      name: "Source Survey (duplicated at 2025-01-20 12:00:00)",
      type: "popover",
      questions: [{ type: "open", question: "Existing" }],
    });
    const r = await duplicate({ target_team_ids: [team2, team3] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("There is already a survey with this name.");
    expect(await surveysOf(team2)).toHaveLength(0);
    expect(await surveysOf(team3)).toHaveLength(1);
  });

  test("test_bulk_duplicate_nonexistent_survey", async () => {
    const r = await duplicate({ target_team_ids: [team2] }, randomUUID());
    expect(r.status).toBe(404);
  });

  test("test_bulk_duplicate_preserves_question_ids", async () => {
    const r = await duplicate({ target_team_ids: [team2] });
    expect(r.status).toBe(201);
    const [copy] = await surveysOf(team2);
    const ids = (copy.questions as Array<{ id: string }>).map((q) => q.id);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(ids).not.toEqual(source.questions.map((q) => q.id));
  });
});
