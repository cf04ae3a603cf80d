// Data functions against the emulator: settings from the stack's posthog:* config, pagination past 100,
// camelCase results, and the zero-filled responses count.
import * as pulumi from "@pulumi/pulumi";
import {
  getInvites,
  getInvitesOutput,
  getSurvey,
  getSurveyResponsesCount,
  getSurveyResponsesCountOutput,
  getSurveys,
  getSurveysOutput,
} from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
const surveyIds: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  // 105 surveys (two pages), the first ten archived, the first three launched.
  for (let i = 0; i < 105; i++) {
    const res = await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, {
      name: `Survey ${String(i).padStart(3, "0")}`,
      type: "popover",
      questions: [{ type: "open", question: "Why?" }],
      archived: i < 10,
      start_date: i < 3 ? "2026-01-01T00:00:00Z" : undefined,
    });
    expect(res.status).toBe(201);
    surveyIds.push(res.body.id);
  }
  // 130 invites (two pages), in bulk calls of 20.
  for (let chunk = 0; chunk < 130; chunk += 20) {
    const body = Array.from({ length: Math.min(20, 130 - chunk) }, (_, i) => ({
      target_email: `Person${chunk + i}@Example.com`,
      first_name: `P${chunk + i}`,
      level: chunk + i === 0 ? 8 : 1,
    }));
    expect(
      (await stack.api("POST", `/api/organizations/${stack.organizationId}/invites/bulk/`, body)).status,
    ).toBe(201);
  }
  await stack.control("POST", `/surveys/${surveyIds[0]}/responses`, { count: 42 });
  // Two of the seven are archived responses: PostHog leaves them out only when asked to exclude archived.
  await stack.control("POST", `/surveys/${surveyIds[1]}/responses`, { count: 7, archived: 2 });
});
afterAll(async () => stack?.close());
beforeEach(() => {
  // The program's stack config, as `pulumi config set posthog:...` would give it.
  pulumi.runtime.setAllConfig(stack.config, ["posthog:apiKey"]);
});

describe("getSurveys / getSurvey", () => {
  it("lists every page, in the Survey output shape", async () => {
    await stack.clearRequests();
    const result = await getSurveys();
    expect(result.projectId).toBe(String(stack.projectId));
    expect(result.surveys).toHaveLength(105);
    expect((await stack.requests()).map((r) => r.method + " " + r.query)).toEqual([
      "GET limit=100",
      "GET limit=100&offset=100",
    ]);
    const first = result.surveys.find((s) => s.surveyId === surveyIds[0]);
    expect(first).toMatchObject({
      name: "Survey 000",
      type: "popover",
      archived: true,
      projectId: String(stack.projectId),
    });
    expect(first?.questions[0]).toMatchObject({ type: "open", question: "Why?" });
    expect(first).not.toHaveProperty("declared");
    expect(first).not.toHaveProperty("managedFields");
    expect(first).not.toHaveProperty("declared");
  });

  it("filters by search and archived", async () => {
    expect((await getSurveys({ search: "Survey 10" })).surveys.map((s) => s.name).sort()).toEqual([
      "Survey 100",
      "Survey 101",
      "Survey 102",
      "Survey 103",
      "Survey 104",
    ]);
    expect((await getSurveys({ archived: true })).surveys).toHaveLength(10);
    expect((await getSurveys({ archived: false, projectId: stack.projectId })).surveys).toHaveLength(95);
  });

  it("gets one survey by id, and says what failed for an unknown one", async () => {
    expect(await getSurvey({ id: surveyIds[5] })).toMatchObject({
      surveyId: surveyIds[5],
      name: "Survey 005",
    });
    await expect(getSurvey({ id: "0190ffff-0000-7000-8000-000000000000" })).rejects.toThrow(/404/);
  });
});

describe("getInvites", () => {
  it("lists every page, camelCase, with level names and status", async () => {
    await stack.clearRequests();
    const result = await getInvites();
    expect(result.organizationId).toBe(stack.organizationId);
    expect(result.invites).toHaveLength(130);
    expect(await stack.requests()).toHaveLength(2);
    const person0 = result.invites.find((i) => i.targetEmail === "person0@example.com");
    expect(person0).toMatchObject({
      firstName: "P0",
      level: "admin",
      status: "pending",
      isExpired: false,
      message: null,
    });
    expect(person0?.inviteId).toEqual(expect.any(String));
    expect(person0?.createdBy).toMatchObject({ email: expect.any(String) });
  });
});

describe("getSurveyResponsesCount", () => {
  it("returns PostHog's counts, zero-filled for the surveys asked about", async () => {
    expect((await getSurveyResponsesCount()).counts).toEqual({ [surveyIds[0]]: 42, [surveyIds[1]]: 7 });
    const asked = [surveyIds[0], surveyIds[2], surveyIds[50]];
    await stack.clearRequests();
    expect((await getSurveyResponsesCount({ surveyIds: asked })).counts).toEqual({
      [surveyIds[0]]: 42,
      [surveyIds[2]]: 0,
      [surveyIds[50]]: 0,
    });
    expect((await stack.requests())[0].query).toContain(`survey_ids=${asked.join(",")}`);
    expect((await getSurveyResponsesCount({ excludeArchived: true })).counts).toEqual({
      [surveyIds[0]]: 42,
      [surveyIds[1]]: 5,
    });
  });
});

describe("defaults", () => {
  it('resolve "@current" through the key\'s user when no project or organization is configured', async () => {
    const { "posthog:projectId": _p, "posthog:organizationId": _o, ...rest } = stack.config;
    pulumi.runtime.setAllConfig(rest, ["posthog:apiKey"]);
    expect((await getSurveys({ search: "Survey 000" })).projectId).toBe(String(stack.projectId));
    expect((await getInvites()).organizationId).toBe(stack.organizationId);
  });

  it("fail with a hint when no API key is configured", async () => {
    const { "posthog:apiKey": _k, ...rest } = stack.config;
    pulumi.runtime.setAllConfig(rest, []);
    const saved = { a: process.env.POSTHOG_API_KEY, b: process.env.POSTHOG_PERSONAL_API_KEY };
    delete process.env.POSTHOG_API_KEY;
    delete process.env.POSTHOG_PERSONAL_API_KEY;
    try {
      await expect(getSurveys()).rejects.toThrow(/posthog:apiKey/);
    } finally {
      if (saved.a !== undefined) process.env.POSTHOG_API_KEY = saved.a;
      if (saved.b !== undefined) process.env.POSTHOG_PERSONAL_API_KEY = saved.b;
    }
  });
});

describe("Output forms inside a program", () => {
  it("resolve from Inputs and settings in the program's config", async () => {
    const engine = stack.newEngine();
    const up = await engine.up(() => {
      const surveys = getSurveysOutput({ search: pulumi.output("Survey 00") });
      const counts = getSurveyResponsesCountOutput({
        surveyIds: surveys.surveys.apply((s) => s.map((x) => x.surveyId)),
      });
      const invites = getInvitesOutput({ organizationId: pulumi.output(stack.organizationId) });
      return {
        names: surveys.surveys.apply((s) => s.map((x) => x.name).sort()),
        total: counts.counts.apply((c) => Object.values(c).reduce((a, b) => a + b, 0)),
        zeroes: counts.counts.apply((c) => Object.values(c).filter((n) => n === 0).length),
        invites: invites.invites.apply((i) => i.length),
      };
    });
    expect(up.errors).toEqual([]);
    expect(up.outputs).toEqual({
      names: Array.from({ length: 10 }, (_, i) => `Survey 00${i}`),
      total: 49,
      zeroes: 8,
      invites: 130,
    });
  });
});
