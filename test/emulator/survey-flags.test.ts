// Conformance: linked/targeting/internal flags of surveys (docs/contributing/posthog-behaviour.md#survey-flags).
import { errorBody, useHarness } from "./helpers";

const h = useHarness();

const surveys = () => `/api/projects/${h.em.projectId}/surveys/`;
const flags = () => `/api/projects/${h.em.projectId}/feature_flags/`;
const someone = {
  groups: [{ properties: [{ key: "email", value: "x", type: "person" }], rollout_percentage: 50 }],
};

describe("feature flags API", () => {
  it("create, get, list, key validation and uniqueness", async () => {
    const r = await h.api("POST", flags(), { key: "my-flag", name: "Mine" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ key: "my-flag", name: "Mine", active: true, deleted: false });
    expect((await h.api("GET", `${flags()}${r.body.id}/`)).body.key).toBe("my-flag");
    expect((await h.api("GET", flags())).body.count).toBe(1);
    const dup = await h.api("POST", flags(), { key: "my-flag" });
    expect(dup.body).toEqual(
      errorBody("validation_error", "unique", "There is already a feature flag with this key.", "key"),
    );
    const missing = await h.api("POST", flags(), { name: "no key" });
    expect(missing.body).toEqual(errorBody("validation_error", "required", "This field is required.", "key"));
    expect((await h.api("GET", `${flags()}9999/`)).status).toBe(404);
  });
});

describe("linked flag", () => {
  it("must exist (non-field invalid_input) and is kept, never deleted", async () => {
    const missing = await h.survey({ name: "l", linked_flag_id: 424242 });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(
      errorBody("validation_error", "invalid_input", "Feature Flag with this ID does not exist"),
    );
    const flag = await h.api("POST", flags(), { key: "linked" });
    const s = await h.survey({ name: "l", linked_flag_id: flag.body.id });
    expect(s.status).toBe(201);
    expect(s.body).not.toHaveProperty("linked_flag_id");
    expect(s.body.linked_flag).toMatchObject({ id: flag.body.id, key: "linked" });
    const got = await h.api("GET", `${surveys()}${s.body.id}/`);
    expect(got.body.linked_flag_id).toBe(flag.body.id);
    expect(got.body.feature_flag_keys[0]).toEqual({ key: "linked_flag_key", value: "linked" });
    await h.api("DELETE", `${surveys()}${s.body.id}/`);
    expect((await h.api("GET", `${flags()}${flag.body.id}/`)).status).toBe(200);
  });

  it("linkedFlagVariant needs a linked flag with that variant", async () => {
    const noFlag = await h.survey({ name: "v", conditions: { linkedFlagVariant: "test" } });
    expect(noFlag.body.detail).toBe("linkedFlagVariant can only be used when a linked_flag_id is specified");
    const flag = await h.api("POST", flags(), {
      key: "mv",
      filters: { groups: [], multivariate: { variants: [{ key: "control" }, { key: "test" }] } },
    });
    const bad = await h.survey({
      name: "v",
      linked_flag_id: flag.body.id,
      conditions: { linkedFlagVariant: "other" },
    });
    expect(bad.body.detail).toBe(
      "Feature flag variant 'other' does not exist. Available variants: control, test",
    );
    const good = await h.survey({
      name: "v",
      linked_flag_id: flag.body.id,
      conditions: { linkedFlagVariant: "test" },
    });
    expect(good.status).toBe(201);
  });

  it("targeting_flag_id must exist", async () => {
    const r = await h.survey({ name: "t", targeting_flag_id: 777 });
    expect(r.body).toEqual(
      errorBody("validation_error", "invalid_input", "Targeting Feature Flag with this ID does not exist"),
    );
  });
});

describe("targeting flag lifecycle", () => {
  it("POST creates an inactive targeting flag and an internal flag", async () => {
    const s = await h.survey({ name: "Targeted", targeting_flag_filters: someone });
    expect(s.status).toBe(201);
    const tf = s.body.targeting_flag;
    expect(tf.key).toMatch(/^survey-targeting-[0-9a-f]{10}$/);
    expect(tf).toMatchObject({ name: "Targeting flag for survey Targeted", active: false, filters: someone });
    expect(s.body.internal_targeting_flag).toMatchObject({
      name: "Targeting flag for survey Targeted",
      active: false,
    });
    const flagsNow = (await h.control("GET", "/state")).body.flags;
    expect(flagsNow).toHaveLength(2);
    expect(flagsNow.every((f: { creation_context: string }) => f.creation_context === "surveys")).toBe(true);
    const internal = flagsNow.find((f: { id: number }) => f.id === s.body.internal_targeting_flag.id);
    expect(JSON.stringify(internal.filters)).toContain(`$survey_dismissed/${s.body.id}`);
  });

  it("rejects a rollout to everyone", async () => {
    const r = await h.survey({
      name: "all",
      targeting_flag_filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(r.body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "Invalid operation: User targeting rolls out to everyone. If you want to roll out to everyone, delete this targeting",
      ),
    );
    const nullRollout = await h.survey({
      name: "all",
      targeting_flag_filters: { groups: [{ rollout_percentage: null }] },
    });
    expect(nullRollout.status).toBe(400);
    expect((await h.control("GET", "/state")).body.flags).toHaveLength(0);
  });

  it("PATCH merges filters into the existing flag, replacing groups; empty filters leave it alone", async () => {
    const s = await h.survey({ name: "m", targeting_flag_filters: { ...someone, extra: 1 } });
    const id = s.body.targeting_flag.id;
    const groups = [{ properties: [{ key: "plan", value: "pro", type: "person" }], rollout_percentage: 10 }];
    const p = await h.api("PATCH", `${surveys()}${s.body.id}/`, { targeting_flag_filters: { groups } });
    expect(p.body.targeting_flag.id).toBe(id);
    // The flag serializer saves aggregation_group_type_index at the top and in every group.
    const saved = {
      groups: groups.map((g) => ({ ...g, aggregation_group_type_index: null })),
      extra: 1,
      aggregation_group_type_index: null,
    };
    expect(p.body.targeting_flag.filters).toEqual(saved);
    const p2 = await h.api("PATCH", `${surveys()}${s.body.id}/`, { targeting_flag_filters: null });
    expect(p2.body.targeting_flag.filters).toEqual(saved);
  });

  it("PATCH with filters and no flag creates one; remove_targeting_flag deletes it", async () => {
    const s = await h.survey({ name: "r" });
    expect(s.body.targeting_flag).toBeNull();
    const p = await h.api("PATCH", `${surveys()}${s.body.id}/`, { targeting_flag_filters: someone });
    const flagId = p.body.targeting_flag.id;
    expect(p.body.targeting_flag.name).toBe("Targeting flag for survey r");
    const removed = await h.api("PATCH", `${surveys()}${s.body.id}/`, { remove_targeting_flag: true });
    expect(removed.body.targeting_flag).toBeNull();
    expect((await h.api("GET", `${flags()}${flagId}/`)).status).toBe(404);
  });

  it("flag activity follows start/end/archived after each PATCH", async () => {
    const s = await h.survey({ name: "act", targeting_flag_filters: someone });
    const url = `${surveys()}${s.body.id}/`;
    const launched = await h.api("PATCH", url, { start_date: "2024-01-01T00:00:00Z" });
    expect(launched.body.targeting_flag.active).toBe(true);
    expect(launched.body.internal_targeting_flag.active).toBe(true);
    const stopped = await h.api("PATCH", url, { end_date: "2024-02-01T00:00:00Z" });
    expect(stopped.body.targeting_flag.active).toBe(false);
    const renamed = await h.api("PATCH", url, { description: "unrelated" });
    expect(renamed.body.internal_targeting_flag.active).toBe(false); // PR #49117
    const resumed = await h.api("PATCH", url, { end_date: null });
    expect(resumed.body.targeting_flag.active).toBe(true);
    const archived = await h.api("PATCH", url, { archived: true });
    expect(archived.body.targeting_flag.active).toBe(false);
  });

  // The lifecycle plan relies on these (src/resources/survey/lifecycle-plan.ts): writing `archived` moves no date,
  // only the flags; and a PATCH of the dates has no archived guard, so resuming needs no unarchive.
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.update (_should_survey_flags_be_active after every save).
  it("PATCH archived keeps the dates and re-syncs the flags; the dates can be PATCHed while archived", async () => {
    const s = await h.survey({
      name: "arch",
      targeting_flag_filters: someone,
      start_date: "2024-01-01T00:00:00Z",
    });
    const url = `${surveys()}${s.body.id}/`;
    const archived = await h.api("PATCH", url, { archived: true });
    expect(archived.body).toMatchObject({ archived: true, start_date: s.body.start_date, end_date: null });
    expect(archived.body.targeting_flag.active).toBe(false);
    expect(archived.body.internal_targeting_flag.active).toBe(false);
    const stopped = await h.api("PATCH", url, { end_date: "2024-02-01T00:00:00Z" });
    expect(stopped.status).toBe(200);
    const resumed = await h.api("PATCH", url, { end_date: null });
    expect(resumed.body).toMatchObject({ archived: true, end_date: null });
    expect(resumed.body.targeting_flag.active).toBe(false);
    const unarchived = await h.api("PATCH", url, { archived: false });
    expect(unarchived.body).toMatchObject({ archived: false, start_date: s.body.start_date, end_date: null });
    expect(unarchived.body.targeting_flag.active).toBe(true);
    expect(unarchived.body.internal_targeting_flag.active).toBe(true);
  });

  it("internal flag is active on POST only with a start_date", async () => {
    const s = await h.survey({ name: "started", start_date: "2024-01-01T00:00:00Z" });
    expect(s.body.internal_targeting_flag.active).toBe(true);
  });

  it("DELETE removes the targeting and internal flags, keeps the linked flag", async () => {
    const linked = await h.api("POST", flags(), { key: "keep-me" });
    const s = await h.survey({ name: "d", linked_flag_id: linked.body.id, targeting_flag_filters: someone });
    const ids = [s.body.targeting_flag.id, s.body.internal_targeting_flag.id];
    expect((await h.api("DELETE", `${surveys()}${s.body.id}/`)).status).toBe(204);
    for (const id of ids) expect((await h.api("GET", `${flags()}${id}/`)).status).toBe(404);
    const left = (await h.control("GET", "/state")).body.flags.map((f: { key: string }) => f.key);
    expect(left).toEqual(["keep-me"]);
  });
});
