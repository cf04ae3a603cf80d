// Ported from PostHog products/surveys/backend/api/test/test_survey.py, classes TestSurveyLifecycleActions,
// TestSurveyListTypeFilter and TestSurveyQuestionLabels.
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

describe("TestSurveyQuestionLabels", () => {
  const labels = (project = ph().h.em.projectId) =>
    ph().h.api("GET", `/api/projects/${project}/surveys/question_labels/`);

  test("test_returns_question_labels_for_team_surveys", async () => {
    await ph().post({
      name: "NPS",
      type: "popover",
      questions: [
        { type: "rating", id: "q-nps-score", question: "How likely to recommend?" },
        { type: "open", id: "q-nps-followup", question: "Why that score?" },
      ],
    });
    await ph().post({
      name: "Feedback",
      type: "popover",
      questions: [{ type: "open", id: "q-feedback", question: "Anything else?" }],
    });
    const r = await labels();
    expect(r.status).toBe(200);
    expect(r.body.labels).toHaveLength(3);
    const byId = Object.fromEntries(r.body.labels.map((l: { question_id: string }) => [l.question_id, l]));
    expect(byId["q-nps-score"]).toMatchObject({
      question_text: "How likely to recommend?",
      question_index: 0,
      survey_name: "NPS",
    });
    expect(byId["q-nps-followup"].question_index).toBe(1);
    expect(byId["q-feedback"].survey_name).toBe("Feedback");
    for (const label of r.body.labels) {
      expect(Object.keys(label).sort()).toEqual([
        "question_id",
        "question_index",
        "question_text",
        "survey_id",
        "survey_name",
      ]);
    }
  });

  test("test_skips_questions_without_ids", async () => {
    const s = await ph().post({
      name: "Mixed",
      type: "popover",
      questions: [{ type: "open", id: "q-with-id", question: "Has id" }],
    });
    // PostHog's test writes these with .update(), past ensure_question_ids.
    await ph().h.control("POST", `/surveys/${s.body.id}/stored`, {
      questions: [
        { type: "open", id: "q-with-id", question: "Has id" },
        { type: "open", question: "No id" },
        { type: "open", id: "", question: "Blank id" },
      ],
    });
    const r = await labels();
    expect(r.status).toBe(200);
    expect(r.body.labels.map((l: { question_id: string }) => l.question_id)).toEqual(["q-with-id"]);
  });

  test("test_returns_empty_for_team_without_surveys", async () => {
    const r = await labels();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ labels: [] });
  });

  test("test_does_not_leak_other_team_surveys", async () => {
    const other = await ph().otherProject();
    await ph().h.api("POST", `/api/projects/${other}/surveys/`, {
      name: "Other team survey",
      type: "popover",
      questions: [{ type: "open", id: "q-other-team", question: "Other team question" }],
    });
    await ph().post({
      name: "Mine",
      type: "popover",
      questions: [{ type: "open", id: "q-mine", question: "My question" }],
    });
    const r = await labels();
    expect(r.body.labels.map((l: { question_id: string }) => l.question_id)).toEqual(["q-mine"]);
  });

  test("test_runs_without_select_related_only_conflict", async () => {
    const linked = await ph().createFlag("linked");
    const targeting = await ph().createFlag("targeting");
    const s = await ph().post({
      name: "With FKs",
      type: "popover",
      questions: [{ type: "open", id: "q-fk", question: "Question with FKs attached" }],
      linked_flag_id: linked,
      targeting_flag_id: targeting,
    });
    expect(s.status).toBe(201);
    const r = await labels();
    expect(r.status).toBe(200);
    expect(r.body.labels.map((l: { question_id: string }) => l.question_id)).toEqual(["q-fk"]);
  });
});
