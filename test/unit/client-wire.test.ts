import { inviteSchema } from "../../src/client/invites.wire";
import { memberSchema } from "../../src/client/members.wire";
import { pageSchema } from "../../src/client/paginate.wire";
import { responsesCountSchema } from "../../src/client/responses-count.wire";
import { surveySchema, surveyWriteResponseSchema } from "../../src/client/surveys.wire";
import { packageVersion, userAgent } from "../../src/client/user-agent";
import { stubSurvey } from "../client/stub-server";

describe("wire schemas", () => {
  it("accept PostHog's extra fields and keep them", () => {
    const s = surveySchema.parse(
      stubSurvey(1, {
        feature_flag_keys: [{ key: "linked_flag_key", value: null }],
        user_access_level: "editor",
      }),
    );
    expect((s as Record<string, unknown>).unknown_future_field).toEqual({ anything: true });
    expect(s.questions[0].id).toBe("q-1");
  });

  it("are strict on what the provider relies on", () => {
    expect(surveySchema.safeParse(stubSurvey(1, { id: undefined })).success).toBe(false);
    expect(surveySchema.safeParse(stubSurvey(1, { created_at: "yesterday" })).success).toBe(false);
    expect(surveySchema.safeParse(stubSurvey(1, { questions: {} })).success).toBe(false);
    expect(surveyWriteResponseSchema.safeParse(stubSurvey(1, { archived: "no" })).success).toBe(false);
    expect(surveySchema.safeParse(stubSurvey(1, { linked_flag: { id: "1", key: "k" } })).success).toBe(false);
  });

  it("accept offsets and microseconds in dates", () => {
    expect(
      surveySchema.safeParse(stubSurvey(1, { start_date: "2024-05-01T10:00:00.123456+02:00" })).success,
    ).toBe(true);
  });

  it("invites: id, email, expiry and dates required", () => {
    const ok = {
      id: "u",
      target_email: "a@b.c",
      is_expired: false,
      created_at: "2024-01-01T00:00:00Z",
      created_by: null,
      extra: 1,
    };
    expect(inviteSchema.parse(ok)).toMatchObject({ extra: 1 });
    expect(inviteSchema.safeParse({ ...ok, is_expired: undefined }).success).toBe(false);
    expect(inviteSchema.safeParse({ ...ok, target_email: null }).success).toBe(false);
  });

  it("members need a user with an email", () => {
    const m = { id: "m", level: 15, user: { id: 1, uuid: "u", email: "o@x.io", first_name: "O" } };
    expect(memberSchema.safeParse(m).success).toBe(true);
    expect(memberSchema.safeParse({ ...m, user: { id: 1, uuid: "u" } }).success).toBe(false);
  });

  it("page envelope and responses count", () => {
    const page = pageSchema(responsesCountSchema);
    expect(page.safeParse({ count: 0, next: null, previous: null, results: [] }).success).toBe(true);
    expect(page.safeParse({ count: 0, results: [] }).success).toBe(false);
    expect(responsesCountSchema.safeParse({ a: 3 }).success).toBe(true);
    expect(responsesCountSchema.safeParse({ a: "3" }).success).toBe(false);
  });
});

describe("user agent", () => {
  it("carries the package.json version", () => {
    const pkg = require("../../package.json") as { version: string };
    expect(packageVersion()).toBe(pkg.version);
    expect(userAgent()).toBe(`pulumi-posthog/${pkg.version}`);
  });
});
