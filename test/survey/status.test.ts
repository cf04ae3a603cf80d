// Survey status through the real plugin against the emulator: launch, stop in the UI seen by refresh, resume,
// the refused un-launch, scheduled launches with an explicit startDate, and the fallback to dates on servers
// without the launch/stop endpoints.
import { Survey, SurveyArgs } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("lifecycle", args);
  return {
    surveyId: survey.surveyId,
    status: survey.status,
    startDate: survey.startDate,
    endDate: survey.endDate,
  };
};

interface ServerSurvey {
  start_date: string | null;
  end_date: string | null;
}

const serverSurvey = async (id: string) =>
  (await stack.api<ServerSurvey>("GET", `/api/projects/${stack.projectId}/surveys/${id}/`)).body;
const apiRequests = async () =>
  (await stack.requests()).map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ":id")}`);
const emulatorNow = async () => (await stack.control<{ now: string }>("GET", "/clock")).now;

describe("survey status", () => {
  const base: SurveyArgs = {
    name: "Lifecycle",
    type: "popover",
    questions: [{ type: "open", question: "How is it going?" }],
  };
  let id: string;
  const engine = () => stack.engine;

  it("creates a draft: no dates, status draft", async () => {
    const up = await engine().up(program({ ...base, status: "draft" }));
    expect(up.errors).toEqual([]);
    id = String(up.outputs.surveyId);
    expect(up.outputs).toMatchObject({ status: "draft" });
    // State keeps no null output (mapping.ts, storedOutputs): no date is no key.
    expect(up.outputs).not.toHaveProperty("startDate");
    expect(up.outputs).not.toHaveProperty("endDate");
    expect(await serverSurvey(id)).toMatchObject({ start_date: null, end_date: null });
  });

  it("preview shows status -> running without a request; up reads the survey, then sends one launch request", async () => {
    await stack.clearRequests();
    const preview = await engine().preview(program({ ...base, status: "running" }));
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["status"]]]);
    expect(await apiRequests()).toEqual([]);

    const before = await emulatorNow();
    const up = await engine().up(program({ ...base, status: "running" }));
    expect(up.errors).toEqual([]);
    // The plan starts from what PostHog holds now (one GET, as no PATCH precedes it), not the stored outputs.
    expect(await apiRequests()).toEqual([
      `GET /api/projects/${stack.projectId}/surveys/:id/`,
      `POST /api/projects/${stack.projectId}/surveys/:id/launch/`,
    ]);
    const launched = await serverSurvey(id);
    // PostHog sets the start date to now.
    expect(Date.parse(String(launched.start_date))).toBeGreaterThanOrEqual(Date.parse(before) - 1000);
    expect(up.outputs).toMatchObject({ status: "running", startDate: launched.start_date });
    expect(up.outputs).not.toHaveProperty("endDate");

    await stack.clearRequests();
    const again = await engine().preview(program({ ...base, status: "running" }));
    expect(again.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await apiRequests()).toEqual([]);
  });

  it("a stop made in PostHog shows as status drift on refresh, and up resumes", async () => {
    expect((await stack.api("POST", `/api/projects/${stack.projectId}/surveys/${id}/stop/`)).status).toBe(
      200,
    );
    const refresh = await engine().refresh();
    expect(refresh.steps.map((s) => [s.op, s.changedKeys])).toEqual([["refresh", ["status"]]]);
    expect(refresh.steps[0].outputs).toMatchObject({ status: "stopped" });

    const preview = await engine().preview(program({ ...base, status: "running" }));
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["status"]]]);
    await stack.clearRequests();
    const up = await engine().up(program({ ...base, status: "running" }));
    expect(up.errors).toEqual([]);
    // Resuming is a PATCH of end_date: null (PostHog has no resume endpoint).
    const patches = (await stack.requests()).filter((r) => r.method === "PATCH");
    expect(patches.map((r) => r.body)).toEqual([{ end_date: null }]);
    expect(await apiRequests()).toEqual([
      `GET /api/projects/${stack.projectId}/surveys/:id/`,
      `PATCH /api/projects/${stack.projectId}/surveys/:id/`,
    ]);
    expect((await serverSurvey(id)).end_date).toBeNull();
    expect(up.outputs).toMatchObject({ status: "running" });
    expect(up.outputs).not.toHaveProperty("endDate");
  });

  it("stopped reads the survey, then sends one stop request", async () => {
    await stack.clearRequests();
    const up = await engine().up(program({ ...base, status: "stopped" }));
    expect(up.errors).toEqual([]);
    expect(await apiRequests()).toEqual([
      `GET /api/projects/${stack.projectId}/surveys/:id/`,
      `POST /api/projects/${stack.projectId}/surveys/:id/stop/`,
    ]);
    expect(up.outputs).toMatchObject({ status: "stopped" });
    expect((await serverSurvey(id)).end_date).not.toBeNull();
  });

  it("refuses going back to draft at check, with zero requests", async () => {
    await stack.clearRequests();
    const preview = await engine().preview(program({ ...base, status: "draft" }));
    expect(preview.steps.flatMap((s) => s.checkFailures)).toEqual([
      {
        property: "status",
        reason:
          'status cannot go from "stopped" back to "draft": PostHog cannot un-launch a survey. ' +
          'Keep "running" or "stopped", or create a new survey.',
      },
    ]);
    const up = await engine().up(program({ ...base, status: "draft" }));
    expect(up.errors.map((e) => e.message).join()).toContain("PostHog cannot un-launch a survey");
    expect(await apiRequests()).toEqual([]);
  });
});

describe("status with explicit dates", () => {
  it("a future startDate with status running is a scheduled launch: no launch request", async () => {
    const engine = stack.newEngine();
    const startDate = "2030-01-01T09:00:00Z";
    await stack.clearRequests();
    const up = await engine.up(program({ name: "Scheduled", type: "popover", status: "running", startDate }));
    expect(up.errors).toEqual([]);
    expect(await apiRequests()).toEqual([`POST /api/projects/${stack.projectId}/surveys/`]);
    const id = String(up.outputs.surveyId);
    expect(Date.parse(String((await serverSurvey(id)).start_date))).toBe(Date.parse(startDate));
    expect(up.outputs).toMatchObject({ status: "running" });
    expect(up.outputs).not.toHaveProperty("endDate");
    const preview = await engine.preview(
      program({ name: "Scheduled", type: "popover", status: "running", startDate }),
    );
    expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
  });

  it("a scheduled startDate without status keeps working as before", async () => {
    const engine = stack.newEngine();
    const startDate = "2031-06-01T00:00:00Z";
    const up = await engine.up(program({ name: "Scheduled plain", type: "popover", startDate }));
    expect(up.errors).toEqual([]);
    expect(up.outputs).toMatchObject({ status: "running" });
    expect(Date.parse(String(up.outputs.startDate))).toBe(Date.parse(startDate));
  });

  it("refuses a status that contradicts a declared date, with zero requests", async () => {
    const engine = stack.newEngine();
    await stack.clearRequests();
    const preview = await engine.preview(
      program({ name: "Contradiction", type: "popover", status: "draft", startDate: "2030-01-01T00:00:00Z" }),
    );
    expect(preview.steps.flatMap((s) => s.checkFailures)).toEqual([
      {
        property: "startDate",
        reason:
          'status "draft" contradicts startDate: a start date launches the survey (or schedules its launch). ' +
          'Use status "running", or remove startDate.',
      },
    ]);
    expect(await apiRequests()).toEqual([]);
  });
});

describe("servers without the launch/stop endpoints", () => {
  afterEach(async () => stack.control("DELETE", "/faults"));

  it("launch and stop fall back to PATCHing the dates", async () => {
    // An older self-hosted PostHog: the routes do not exist.
    await stack.control("POST", "/faults", {
      faults: [{ path: "/surveys/[^/]+/(launch|stop)/?$", method: "POST", status: 404 }],
    });
    const engine = stack.newEngine();
    const args: SurveyArgs = { name: "Old server", type: "popover" };
    const created = await engine.up(program({ ...args, status: "draft" }));
    expect(created.errors).toEqual([]);

    // Each move: a GET of where the survey is, the endpoint answers 404, then one PATCH of the date it would have set.
    const move = async (status: "running" | "stopped", date: string) => {
      await stack.clearRequests();
      const up = await engine.up(program({ ...args, status }));
      expect(up.errors).toEqual([]);
      const requests = await stack.requests();
      expect(requests.map((r) => [r.method, r.status])).toEqual([
        ["GET", 200],
        ["POST", 404],
        ["PATCH", 200],
      ]);
      expect(Object.keys(requests[2].body as object)).toEqual([date]);
      expect(up.outputs).toMatchObject({ status });
    };
    await move("running", "start_date");
    await move("stopped", "end_date");
  });
});
