// Export round trip: surveys and invites made directly in the emulator -> `pulumi-posthog export` (in-process
// and through the built bin) -> the generated program, loaded as a Pulumi program -> `up` adopts everything
// without creating anything -> `preview` shows no change and sends no request.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { exportProgram, type ExportResult } from "../../src/export";
import { programFromFile } from "../examples/example-program";
import { REPO_ROOT } from "../support/self-link";
import { startStack, type TestStack } from "../support/stack";
import { prettierFormat } from "./prettier-check";
import { everyFieldBody, INVITES, surveyBodies } from "./seed";
import { unprovenInvitesWarning } from "../../src/export/unproven-invites";
import { surveyArgs } from "../../src/resources/survey/export";
import { isWriteOnly, SURVEY_FIELD_NAMES } from "../../src/resources/survey/fields";

// Inside the repo, so the generated file resolves `pulumi-posthog` and its types the way the examples do.
const DIR = path.join(REPO_ROOT, `.tmp/export-test-${process.pid}`);
const PROGRAM = path.join(DIR, "program.ts");

let stack: TestStack;
let surveyIds: string[];
let exported: ExportResult;
let everyFieldId: string;

const env = () => ({
  ...process.env,
  POSTHOG_HOST: stack.url,
  POSTHOG_API_KEY: stack.apiKey,
  POSTHOG_REQUESTS_PER_SECOND: "0",
});

beforeAll(async () => {
  fs.mkdirSync(DIR, { recursive: true });
  stack = await startStack();
  const flag = async (body: Record<string, unknown>) => {
    const res = await stack.api<{ id: number }>(
      "POST",
      `/api/projects/${stack.projectId}/feature_flags/`,
      body,
    );
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const flags = {
    plain: await flag({ key: "beta", filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }),
    multivariate: await flag({
      key: "checkout-test",
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: {
          variants: [
            { key: "control", rollout_percentage: 50 },
            { key: "test", rollout_percentage: 50 },
          ],
        },
      },
    }),
  };
  const insight = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/insights/`, {
    name: "Pricing funnel",
  });
  expect(insight.status).toBe(201);
  surveyIds = [];
  for (const body of [...surveyBodies(flags), everyFieldBody(flags, insight.body.id)]) {
    const res = await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, body);
    if (res.status !== 201) throw new Error(`seeding ${String(body.name)}: ${JSON.stringify(res.body)}`);
    surveyIds.push(res.body.id);
  }
  const invite = async (body: object) =>
    expect(
      (await stack.api("POST", `/api/organizations/${stack.organizationId}/invites/`, body)).status,
    ).toBe(201);
  await invite(INVITES.expired);
  await stack.control("POST", "/clock", { advanceSeconds: 4 * 86_400 }); // PostHog invites expire after 3 days
  for (const body of INVITES.pending) await invite(body);
  // An accepted invite: PostHog deletes it, and the person is a member (declared as an Invite adopting that).
  const accepted = await stack.api<{ id: string }>(
    "POST",
    `/api/organizations/${stack.organizationId}/invites/`,
    {
      target_email: "Joined.Admin@example.com",
      level: 8,
    },
  );
  expect(accepted.status).toBe(201);
  await stack.control("POST", `/invites/${accepted.body.id}/accept`);

  exported = await exportProgram({
    projectId: stack.projectId,
    organizationId: stack.organizationId,
    env: env(),
  });
  fs.writeFileSync(PROGRAM, exported.source);
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(DIR, { recursive: true, force: true });
});

describe("pulumi-posthog export", () => {
  it("exports every survey, the pending invites and the members who accepted one (not the key's user)", () => {
    expect(surveyIds.length).toBeGreaterThanOrEqual(30);
    expect(exported).toMatchObject({
      surveys: surveyIds.length,
      invites: 3,
      members: 1,
      expiredInvites: 1,
      skipped: [],
    });
    const source = exported.source;
    expect(source.match(/new posthog\.Survey\(/g)).toHaveLength(surveyIds.length);
    for (const id of surveyIds) expect(source).toContain(`adopt: { id: "${id}" },`);
    expect(source.match(/new posthog\.Invite\(/g)).toHaveLength(4);
    expect(source).toContain(
      'new posthog.Invite("invite-joined-admin-example-com", {\n  organizationId,\n  adopt: true,\n' +
        '  targetEmail: "joined.admin@example.com",\n  level: "admin",\n});\n',
    );
    expect(source).not.toContain("old.friend@example.com");
    expect(source).toContain("// Left out: 1 expired invite");
    expect(source).not.toContain(stack.apiKey);
  });

  it("names resources by slug, unique, and writes only what differs from the defaults", () => {
    const source = exported.source;
    const names = [...source.matchAll(/new posthog\.\w+\("([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(["minimal", "feedback", "feedback-2", "cafe-feedback", "survey"]),
    );
    expect(names).toContain("invite-grace-hopper-example-com");
    expect(source).toContain(
      'new posthog.Survey("minimal", {\n  projectId,\n  adopt: { id: "' +
        surveyIds[0] +
        '" },\n  name: "Minimal",\n  type: "popover",\n});',
    );
    expect(source).toContain('  message: "Welcome to the team!",\n  level: "admin",\n');
    expect(source).toMatch(/targetEmail: "grace\.hopper@example\.com"/);
    expect(source).toContain('schedule: "recurring",\n  iterationCount: 4,\n  iterationFrequencyDays: 90,');
    // Keys the provider does not type are declared in the setting's `extra` (src/resources/survey/settings/extra.ts).
    expect(source).toContain("extra: { brandNewQuestionKey: 1 }");
    expect(source).toContain('conditions: { url: "/new", extra: { brandNewConditionKey: true } },');
    expect(source).toContain(
      '  appearance: {\n    backgroundColor: "#fff",\n    extra: { brandNewAppearanceKey: "x" },\n  },',
    );
  });

  it("is formatted: prettier (default options) leaves it unchanged", () => {
    expect(prettierFormat([exported.source])[0]).toBe(exported.source);
  });

  it("writes every field a survey holds: the survey using all of them is exported whole", async () => {
    everyFieldId = surveyIds[surveyIds.length - 1];
    const survey = await stack.api<Parameters<typeof surveyArgs>[0]>(
      "GET",
      `/api/projects/${stack.projectId}/surveys/${everyFieldId}/`,
    );
    const { args, skipped } = surveyArgs(survey.body);
    expect(skipped).toEqual([]);
    // Every field PostHog returns, flags by key instead of id (ids differ between projects and hosts).
    const readable = SURVEY_FIELD_NAMES.filter(
      (field) => !isWriteOnly(field) && field !== "linkedFlagId" && field !== "targetingFlagId",
    );
    expect(Object.keys(args).sort()).toEqual([...readable].sort());
    expect(exported.skipped).toEqual([]);
    expect(exported.source).toContain("enableIframeEmbedding: true");
    expect(exported.source).toContain('"pt-br": {');
  });

  it("type-checks against the package's types", () => {
    fs.writeFileSync(
      path.join(DIR, "tsconfig.json"),
      JSON.stringify({
        extends: "../../tsconfig.json",
        compilerOptions: { types: ["node"] },
        files: ["program.ts"],
        include: [],
      }),
    );
    const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
    const result = spawnSync(process.execPath, [tsc, "-p", path.join(DIR, "tsconfig.json")], {
      encoding: "utf8",
    });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("the built bin writes the same program", async () => {
    const out = path.join(DIR, "from-bin.ts");
    const args = [
      "export",
      "--project",
      String(stack.projectId),
      "--organization",
      stack.organizationId,
      "--out",
      out,
    ];
    // Asynchronously: the emulator answering the bin runs in this process.
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(REPO_ROOT, "dist/cli/pulumi-posthog.js"), ...args],
      { env: env(), encoding: "utf8" },
    );
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `${unprovenInvitesWarning(3, 1)}\n` +
        `wrote ${surveyIds.length} survey(s), 3 pending invite(s) and 1 member(s) to ${out}\n`,
    );
    expect(fs.readFileSync(out, "utf8")).toBe(exported.source);
  });

  it("up adopts everything without creating anything; the next preview shows no change and sends no request", async () => {
    const program = programFromFile(PROGRAM);
    const engine = stack.newEngine();
    await stack.clearRequests();
    const up = await engine.up(program);
    expect(up.errors).toEqual([]);
    expect(up.steps).toHaveLength(surveyIds.length + 4);
    const member = engine.state().find((r) => r.outputs.targetEmail === "joined.admin@example.com");
    expect(member?.outputs).toMatchObject({ status: "accepted", level: "admin", inviteId: null });
    expect(up.steps.every((s) => s.op === "create")).toBe(true);
    const requests = await stack.requests();
    expect(requests.filter((r) => r.method !== "GET")).toEqual([]); // adoption only: no POST, not even a PATCH
    expect(engine.state().map((r) => r.id)).toEqual(expect.arrayContaining(surveyIds));

    await stack.clearRequests();
    const preview = await engine.preview(program);
    expect(preview.errors).toEqual([]);
    expect(preview.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op, s.changedKeys])).toEqual(
      [],
    );
    expect(preview.steps).toHaveLength(surveyIds.length + 4);
    expect(await stack.requests()).toEqual([]);
  });
});
