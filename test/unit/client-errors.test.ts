import { PostHogApiError, buildErrorMessage, isNotFound, isOutcomeUnknown } from "../../src/client/errors";
import { capped, rememberSecret, scrub } from "../../src/scrub";

describe("scrub", () => {
  it("scrubs personal keys, bearer tokens and known secrets", () => {
    expect(scrub("key phx_AbC123_-xyz used")).toBe("key [secret] used");
    expect(scrub('header "Authorization: Bearer abc.def-123"')).toBe(
      'header "Authorization: Bearer [secret]"',
    );
    rememberSecret("my-very-secret-key");
    expect(scrub("custom my-very-secret-key here")).toBe("custom [secret] here");
    rememberSecret("abc");
    expect(scrub("short abc stays")).toBe("short abc stays");
  });

  it("caps a long message, keeping its head and its tail", () => {
    const text = `head ${"x".repeat(100_000)} tail`;
    const out = capped(text, 4000);
    expect(out.length).toBe(4000);
    expect(out.startsWith("head ")).toBe(true);
    expect(out.endsWith(" tail")).toBe(true);
    expect(out).toContain("characters cut");
  });
});

describe("PostHogApiError", () => {
  it("formats method, path, status, code, detail and field", () => {
    const e = new PostHogApiError({
      method: "POST",
      path: "/api/projects/1/surveys/",
      status: 400,
      type: "validation_error",
      code: "invalid_choice",
      detail: '"x" is not a valid choice.',
      attr: "type",
    });
    expect(e.message).toBe(
      'PostHog API POST /api/projects/1/surveys/ failed with 400 invalid_choice: "x" is not a valid choice. (field: type)',
    );
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("PostHogApiError");
    expect(e.retryable).toBe(false);
    expect(e.outcomeUnknown).toBe(false);
  });

  it("tells the user how to fix a 401", () => {
    const msg = buildErrorMessage({
      method: "GET",
      path: "/api/projects/",
      status: 401,
      code: "authentication_failed",
      detail: "invalid",
    });
    expect(msg).toMatch(/missing or invalid/);
    expect(msg).toMatch(/posthog:apiKey/);
    expect(msg).toMatch(/--secret/);
    expect(msg).toMatch(/POSTHOG_API_KEY/);
  });

  it("names the missing scope on 403", () => {
    const msg = buildErrorMessage({
      method: "DELETE",
      path: "/api/organizations/o/invites/1/",
      status: 403,
      code: "permission_denied",
      detail: "API key missing required scope 'organization_member:write'",
    });
    expect(msg).toMatch(/lacks the scope 'organization_member:write'/);
  });

  it("explains an unknown outcome", () => {
    const e = new PostHogApiError({
      method: "POST",
      path: "/x/",
      status: 0,
      code: "ECONNRESET",
      detail: "no response (socket hang up)",
      outcomeUnknown: true,
    });
    expect(e.message).toMatch(
      /^PostHog API POST \/x\/ failed: no response \(socket hang up\)\. .*may have been applied/,
    );
    expect(isOutcomeUnknown(e)).toBe(true);
  });

  it("never carries the key, even when the server echoes it", () => {
    const key = "phx_supersecretvalue123";
    const e = new PostHogApiError(
      { method: "GET", path: `/api/x/${key}/`, status: 400, detail: `bad key ${key} / Bearer ${key}` },
      [key],
    );
    expect(e.message).not.toContain(key);
    expect(e.detail).not.toContain(key);
    expect(e.path).not.toContain(key);
    expect(e.stack).not.toContain(key);
    expect(JSON.stringify(e)).not.toContain(key);
  });

  it("isNotFound only matches a 404 PostHogApiError", () => {
    expect(isNotFound(new PostHogApiError({ method: "DELETE", path: "/p", status: 404 }))).toBe(true);
    expect(isNotFound(new PostHogApiError({ method: "DELETE", path: "/p", status: 403 }))).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
  });
});
