// Ported from PostHog products/surveys/backend/api/test/test_survey.py, classes TestSurveyLifecycleActions
// and TestSurveyListTypeFilter.
import { randomUUID } from "node:crypto";
import { postHogCase } from "./support";

const ph = postHogCase();

describe("TestSurveyLifecycleActions", () => {
  let id: string;
  beforeEach(async () => {
    id = (
      await ph().post({ name: "Lifecycle", type: "popover", questions: [{ type: "open", question: "Q?" }] })
    ).body.id;
  });
  const action = (name: "launch" | "stop") => ph().h.api("POST", `${ph().surveys}${id}/${name}/`);

  test("test_launch_sets_start_date", async () => {
    expect((await ph().get(id)).body.start_date).toBeNull();
    const r = await action("launch");
    expect(r.status).toBe(200);
    expect(r.body.start_date).not.toBeNull();
    expect((await ph().get(id)).body.start_date).toBe(r.body.start_date);
  });

  test("test_launch_is_idempotent_when_already_launched", async () => {
    await ph().patch(id, { start_date: "2024-01-01T00:00:00Z" });
    const r = await action("launch");
    expect(r.status).toBe(200);
    expect((await ph().get(id)).body.start_date).toBe("2024-01-01T00:00:00Z");
  });

  test("test_stop_sets_end_date", async () => {
    await ph().patch(id, { start_date: "2024-01-01T00:00:00Z" });
    const r = await action("stop");
    expect(r.status).toBe(200);
    expect((await ph().get(id)).body.end_date).not.toBeNull();
  });

  test("test_launch_rejects_archived_survey", async () => {
    await ph().patch(id, { archived: true });
    const r = await action("launch");
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Cannot launch an archived survey. Unarchive it first.");
  });

  test("test_launch_rejects_ended_survey", async () => {
    await ph().patch(id, { start_date: "2024-01-01T00:00:00Z", end_date: "2024-02-01T00:00:00Z" });
    const r = await action("launch");
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "Cannot launch a survey with end_date in the past. Extend the end_date first.",
    );
  });

  test("test_stop_rejects_archived_survey", async () => {
    await ph().patch(id, { archived: true });
    const r = await action("stop");
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Cannot stop an archived survey. Unarchive it first if needed.");
  });

  test("test_stop_is_idempotent_when_already_stopped", async () => {
    await ph().patch(id, { start_date: "2023-12-01T00:00:00Z", end_date: "2024-01-01T00:00:00Z" });
    const r = await action("stop");
    expect(r.status).toBe(200);
    expect((await ph().get(id)).body.end_date).toBe("2024-01-01T00:00:00Z");
  });
});

describe("TestSurveyListTypeFilter", () => {
  const create = async (name: string, type = "popover") =>
    (await ph().post({ name, type, questions: [] })).body.id as string;

  test("test_filter_by_type", async () => {
    await create("popover survey");
    await create("widget survey", "widget");
    await create("hosted survey", "external_survey");
    const r = await ph().list("?type=widget");
    expect(r.status).toBe(200);
    expect(r.body.results.map((s: { name: string }) => s.name)).toEqual(["widget survey"]);
  });

  test("test_filter_by_ids", async () => {
    const first = await create("first");
    const second = await create("second");
    await create("third");
    const r = await ph().list(`?ids=${first},${second}`);
    expect(r.status).toBe(200);
    expect(r.body.results.map((s: { name: string }) => s.name).sort()).toEqual(["first", "second"]);
  });

  test("test_filter_by_ids_silently_omits_unknown_ids", async () => {
    const exists = await create("exists");
    const r = await ph().list(`?ids=${exists},${randomUUID()}`);
    expect(r.status).toBe(200);
    expect(r.body.results.map((s: { id: string }) => s.id)).toEqual([exists]);
  });
});
