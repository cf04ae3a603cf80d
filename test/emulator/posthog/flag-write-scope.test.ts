// Ported from PostHog products/surveys/backend/api/test/test_survey.py, class
// TestSurveyFeatureFlagScopeEnforcement. PostHog forces its rollout flag on for the class; the
// emulator's equivalent is POST /_emulator/rollouts {enforceFlagWriteScope: true}.
import { postHogCase } from "./support";

const ph = postHogCase();
const SURVEY_PAYLOAD = {
  name: "Scope enforcement survey",
  type: "popover",
  questions: [{ type: "open", question: "Q?" }],
};
const TARGETING_FILTERS = { groups: [{ properties: [], rollout_percentage: 50 }] };

describe("TestSurveyFeatureFlagScopeEnforcement", () => {
  let key: string;
  const keyWith = async (scopes: string[]) =>
    (await ph().h.control("POST", "/keys", { scopes })).body.key as string;
  beforeEach(async () => {
    await ph().h.control("POST", "/rollouts", { enforceFlagWriteScope: true });
    key = await keyWith(["survey:write"]);
  });
  const createSurvey = (extra: Record<string, unknown> = {}, as = key) =>
    ph().h.api("POST", ph().surveys, { ...SURVEY_PAYLOAD, ...extra }, { key: as });
  const patchSurvey = (id: string, body: Record<string, unknown>) =>
    ph().h.api("PATCH", `${ph().surveys}${id}/`, body, { key });
  const deleteSurvey = (id: string) => ph().h.api("DELETE", `${ph().surveys}${id}/`, undefined, { key });
  /** Created with a `*` key, then handled with the survey:write-only key. */
  const surveyWithTargetingFlag = async () => {
    const r = await createSurvey({ targeting_flag_filters: TARGETING_FILTERS }, await keyWith(["*"]));
    expect(r.body.targeting_flag).not.toBeNull();
    return r.body.id as string;
  };
  const expectFlagScopeDenied = (r: { status: number; body: { detail: string } }) => {
    expect(r.status).toBe(403);
    expect(r.body.detail).toContain("`feature_flag:write`");
  };

  test.each([
    ["survey_write_only", ["survey:write"], 403],
    ["with_feature_flag_write", ["survey:write", "feature_flag:write"], 201],
    ["wildcard", ["*"], 201],
  ])("test_create_with_targeting_flag_filters_scope_matrix (%s)", async (_name, scopes, status) => {
    const r = await createSurvey({ targeting_flag_filters: TARGETING_FILTERS }, await keyWith(scopes));
    expect(r.status).toBe(status);
    if (status === 403) {
      expect(r.body).toEqual({
        type: "authentication_error",
        code: "permission_denied",
        detail: `This action also modifies a feature flag, which requires the \`feature_flag:write\` scope in addition to \`survey:write\`. Add \`feature_flag:write\` to your personal API key at ${ph().h.em.url}/settings/user-api-keys (editing its scopes keeps the same key value), or use a key with the \`*\` scope.`,
        attr: null,
      });
      expect((await ph().list("?search=Scope")).body.count).toBe(0);
    }
  });

  test("test_create_without_targeting_flag_filters_is_allowed", async () => {
    expect((await createSurvey()).status).toBe(201);
  });

  test("test_create_attaching_existing_targeting_flag_is_denied", async () => {
    const flag = await ph().createFlag("survey-attach-existing");
    expectFlagScopeDenied(await createSurvey({ targeting_flag_id: flag }));
  });

  test("test_update_attaching_existing_targeting_flag_is_denied", async () => {
    const flag = await ph().createFlag("survey-attach-existing-2");
    const id = (await createSurvey()).body.id;
    expectFlagScopeDenied(await patchSurvey(id, { targeting_flag_id: flag }));
  });

  test("test_update_targeting_flag_filters_is_denied", async () => {
    const id = await surveyWithTargetingFlag();
    const r = await patchSurvey(id, {
      targeting_flag_filters: { groups: [{ properties: [], rollout_percentage: 75 }] },
    });
    expectFlagScopeDenied(r);
  });

  test("test_update_remove_targeting_flag_is_denied", async () => {
    const id = await surveyWithTargetingFlag();
    expectFlagScopeDenied(await patchSurvey(id, { remove_targeting_flag: true }));
    expect((await ph().get(id)).body.targeting_flag).not.toBeNull();
  });

  test("test_update_payload_only_is_allowed", async () => {
    const id = await surveyWithTargetingFlag();
    expect((await patchSurvey(id, { name: "renamed" })).status).toBe(200);
  });

  test("test_destroy_with_targeting_flag_is_denied", async () => {
    const id = await surveyWithTargetingFlag();
    expectFlagScopeDenied(await deleteSurvey(id));
    expect((await ph().get(id)).status).toBe(200);
  });

  test("test_destroy_with_only_internal_targeting_flag_is_allowed", async () => {
    const r = await createSurvey();
    expect(r.body.targeting_flag).toBeNull();
    expect(r.body.internal_targeting_flag).not.toBeNull();
    expect((await deleteSurvey(r.body.id)).status).toBe(204);
  });
});
