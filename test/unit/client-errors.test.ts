import {
  PostHogApiError,
  buildErrorMessage,
  isNotFound,
  isOutcomeUnknown,
  redact,
} from "../../src/client/errors";

describe("redact", () => {
  it("scrubs personal keys, bearer tokens and known secrets", () => {
    expect(redact("key phx_AbC123_-xyz used")).toBe("key phx_*** used");
    expect(redact('header "Authorization: Bearer abc.def-123"')).toBe('header "Authorization: Bearer ***"');
    expect(redact("custom my-very-secret-key here", ["my-very-secret-key"])).toBe("custom *** here");
    expect(redact("short abc stays", ["abc"])).toBe("short abc stays");
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
