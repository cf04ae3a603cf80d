import { createClient, isNotFound, PostHogApiError, type ClientOptions } from "../../src/client";
import { startStub, stubSurvey, type StubServer } from "./stub-server";

const KEY = "phx_transport_test_key_0123456789";
const pkgVersion = (require("../../package.json") as { version: string }).version;

let stub: StubServer;
beforeEach(async () => {
  stub = await startStub();
});
afterEach(() => stub.close());

function client(extra: Partial<ClientOptions> = {}) {
  return createClient({
    host: stub.url,
    apiKey: KEY,
    requestsPerSecond: 0,
    retryBaseMs: 5,
    retryMaxMs: 20,
    ...extra,
  });
}

async function failure(p: Promise<unknown>): Promise<PostHogApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PostHogApiError);
    const err = e as PostHogApiError;
    expect(err.message).not.toContain(KEY);
    return err;
  }
  throw new Error("expected a failure");
}

describe("transport basics", () => {
  it("sends bearer auth, user agent and JSON to the base URL (trailing slash tolerated)", async () => {
    stub.handle(() => ({ status: 201, body: stubSurvey(1) }));
    const c = createClient({ host: `${stub.url}/`, apiKey: KEY, requestsPerSecond: 0 });
    const s = await c.surveys.create(1, {
      name: "Survey 1",
      type: "popover",
      questions: [{ type: "open", question: "Why?" }],
    });
    expect(s.id).toBe(stubSurvey(1).id);
    const [req] = stub.requests;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/api/projects/1/surveys/");
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers["user-agent"]).toBe(`pulumi-posthog/${pkgVersion}`);
    expect(req.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(req.body)).toEqual({
      name: "Survey 1",
      type: "popover",
      questions: [{ type: "open", question: "Why?" }],
    });
  });

  it("keeps unknown fields of real PostHog responses (passthrough)", async () => {
    stub.handle(() => ({ body: stubSurvey(2) }));
    const s = await client().surveys.get(1, "x");
    expect((s as Record<string, unknown>).unknown_future_field).toEqual({ anything: true });
  });

  it("keeps @current readable and encodes other path characters", async () => {
    stub.handle(() => ({ body: {} }));
    await client().surveys.responsesCount("@current", { surveyIds: ["a", "b"], excludeArchived: true });
    expect(stub.requests[0].path).toBe("/api/projects/@current/surveys/responses_count/");
    expect(decodeURIComponent(stub.requests[0].query)).toBe("survey_ids=a,b&exclude_archived=true");
  });

  it("never follows a redirect (the key must stay on the configured host)", async () => {
    stub.handle(() => ({ status: 302, headers: { Location: "http://127.0.0.2:1/steal" } }));
    const err = await failure(client().surveys.get(1, "x"));
    expect(err.status).toBe(302);
    expect(stub.requests).toHaveLength(1);
  });
});

describe("retries", () => {
  it("retries GET on 5xx then succeeds", async () => {
    stub.handle((_r, i) =>
      i < 2 ? { status: i === 0 ? 502 : 500, body: { detail: "boom" } } : { body: stubSurvey(3) },
    );
    const s = await client().surveys.get(1, "x");
    expect(s.name).toBe("Survey 3");
    expect(stub.requests).toHaveLength(3);
  });

  it("gives up after maxRetries with the last PostHog error", async () => {
    stub.handle(() => ({
      status: 500,
      body: { type: "server_error", code: "error", detail: "A server error occurred.", attr: null },
    }));
    const err = await failure(client({ maxRetries: 2 }).surveys.get(1, "x"));
    expect(stub.requests).toHaveLength(3);
    expect(err.status).toBe(500);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe(
      "PostHog API GET /api/projects/1/surveys/x/ failed with 500 error: A server error occurred. [after 3 attempts]",
    );
  });

  it("does not retry a POST 500 (it may have been applied)", async () => {
    stub.handle(() => ({
      status: 500,
      body: { type: "server_error", code: "error", detail: "A server error occurred.", attr: null },
    }));
    const err = await failure(client().surveys.create(1, { name: "n" }));
    expect(stub.requests).toHaveLength(1);
    expect(err.status).toBe(500);
    expect(err.outcomeUnknown).toBe(false);
  });

  it("retries a POST 503 and 429 (answered before anything was applied)", async () => {
    stub.handle((_r, i) =>
      i === 0
        ? { status: 503 }
        : i === 1
          ? { status: 429, headers: { "Retry-After": "0" } }
          : { status: 201, body: stubSurvey(4) },
    );
    const s = await client().surveys.create(1, { name: "n" });
    expect(s.name).toBe("Survey 4");
    expect(stub.requests).toHaveLength(3);
  });

  it("waits Retry-After seconds", async () => {
    stub.handle((_r, i) =>
      i === 0
        ? {
            status: 429,
            headers: { "Retry-After": "1" },
            body: {
              type: "throttled_error",
              code: "throttled",
              detail: "Request was throttled.",
              attr: null,
            },
          }
        : { body: stubSurvey(5) },
    );
    const start = Date.now();
    await client().surveys.get(1, "x");
    expect(Date.now() - start).toBeGreaterThanOrEqual(1000);
  });

  it("waits until a Retry-After HTTP date", async () => {
    const at = new Date(Math.ceil((Date.now() + 500) / 1000) * 1000);
    stub.handle((_r, i) =>
      i === 0 ? { status: 503, headers: { "Retry-After": at.toUTCString() } } : { body: stubSurvey(6) },
    );
    await client().surveys.get(1, "x");
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 5);
  });

  it("stops when the next wait would pass the overall deadline", async () => {
    stub.handle(() => ({
      status: 429,
      headers: { "Retry-After": "30" },
      body: { code: "throttled", detail: "Request was throttled." },
    }));
    const start = Date.now();
    const err = await failure(client({ deadlineMs: 2000 }).surveys.get(1, "x"));
    // Shorter than the 30 s it was asked to wait: it did not wait (a clock bound with 29 s of slack for load).
    expect(Date.now() - start).toBeLessThan(29_000);
    expect(stub.requests).toHaveLength(1);
    expect(err.code).toBe("rate_limited");
    expect(err.message).toMatch(
      /^PostHog API GET \/api\/projects\/1\/surveys\/x\/ failed: rate limit: PostHog answered 429 \(throttled\) and asked to wait until \S+Z \((29\.9|30\.0) s from now\); another client may be using the same API key, past this request's deadline/,
    );
    expect(err.retryable).toBe(true);
  });

  it("retries a GET that timed out", async () => {
    stub.handle((_r, i) => (i === 0 ? { hang: true } : { body: stubSurvey(7) }));
    const s = await client({ requestTimeoutMs: 200 }).surveys.get(1, "x");
    expect(s.name).toBe("Survey 7");
    expect(stub.requests).toHaveLength(2);
  });
});

describe("POST with an unknown outcome is never repeated", () => {
  it("timeout after sending", async () => {
    stub.handle(() => ({ hang: true }));
    const err = await failure(client({ requestTimeoutMs: 200 }).surveys.create(1, { name: "n" }));
    expect(stub.requests).toHaveLength(1);
    expect(err.status).toBe(0);
    expect(err.outcomeUnknown).toBe(true);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(
      /^PostHog API POST \/api\/projects\/1\/surveys\/ failed: no response within 200 ms/,
    );
  });

  it("connection reset after sending", async () => {
    stub.handle(() => ({ reset: true }));
    const err = await failure(client().invites.create("org", { target_email: "a@example.com" }));
    expect(stub.requests).toHaveLength(1);
    expect(err.outcomeUnknown).toBe(true);
    expect(err.code).toBe("ECONNRESET");
  });

  it("a 2xx POST with an unusable body is applied, so its outcome is unknown too", async () => {
    stub.handle(() => ({ status: 201, body: { id: "x" } }));
    const err = await failure(client().surveys.create(1, { name: "n" }));
    expect(err.outcomeUnknown).toBe(true);
    expect(stub.requests).toHaveLength(1);
  });

  it("GET retries a reset", async () => {
    stub.handle((_r, i) => (i === 0 ? { reset: true } : { body: stubSurvey(8) }));
    await client().surveys.get(1, "x");
    expect(stub.requests).toHaveLength(2);
  });

  it("a refused connection is not retried (the host is wrong or down) and names the host setting", async () => {
    const url = stub.url;
    await stub.close();
    const c = createClient({
      host: url,
      apiKey: KEY,
      requestsPerSecond: 0,
      retryBaseMs: 1,
      retryMaxMs: 2,
      maxRetries: 2,
    });
    const err = await failure(c.surveys.create(1, { name: "n" }));
    expect(err.status).toBe(0);
    expect(err.code).toBe("ECONNREFUSED");
    expect(err.outcomeUnknown).toBe(false);
    expect(err.message).not.toMatch(/attempts/);
    expect(err.message).toContain(`nothing accepted the connection at ${new URL(url).host} (ECONNREFUSED)`);
    stub = await startStub();
  });
});

describe("errors", () => {
  it("names the bad field of an unexpected response, not the whole body", async () => {
    const bad = stubSurvey(9, {
      questions: [{ type: "open", question: "no id" }],
      padding: "z".repeat(5000),
    });
    stub.handle(() => ({ body: bad }));
    const err = await failure(client().surveys.get(1, "x"));
    expect(err.code).toBe("invalid_response");
    expect(err.message).toMatch(
      /^PostHog API GET \/api\/projects\/1\/surveys\/x\/ failed with 200 invalid_response: unexpected response shape: questions\.0\.id: /,
    );
    expect(err.message.length).toBeLessThan(300);
    expect(err.outcomeUnknown).toBe(false);
  });

  it("reports a non-JSON error body briefly, says the host is probably not PostHog, and is not 'gone'", async () => {
    stub.handle(() => ({ status: 404, text: "<html><body><h1>Not Found</h1></body></html>" }));
    const err = await failure(client().surveys.get(1, "x"));
    expect(err.message).toBe(
      "PostHog API GET /api/projects/1/surveys/x/ failed with 404: non-JSON body: Not Found. The host answered " +
        "without PostHog's JSON error body, so it is probably not PostHog's API: check posthog:host (or the " +
        "POSTHOG_HOST environment variable)",
    );
    // A delete or a refresh must not take another server's 404 for "the survey is gone" and drop it from state.
    expect(isNotFound(err)).toBe(false);
  });

  it("401 says the key is missing or invalid, and never contains the key even if echoed", async () => {
    stub.handle((r) => ({
      status: 401,
      body: {
        type: "authentication_error",
        code: "authentication_failed",
        detail: `Key ${r.headers.authorization} is invalid.`,
        attr: null,
      },
    }));
    const err = await failure(client().projects.list());
    expect(err.status).toBe(401);
    expect(err.detail).toBe("Key Bearer [secret] is invalid.");
    expect(err.message).toMatch(/missing or invalid.*posthog:apiKey.*POSTHOG_API_KEY/);
    expect(stub.requests).toHaveLength(1);
  });

  it("a custom-format key is scrubbed too", async () => {
    const key = "custom-key-without-prefix-42";
    stub.handle(() => ({ status: 400, body: { code: "invalid_input", detail: `got ${key}`, attr: "x" } }));
    const c = createClient({ host: stub.url, apiKey: key, requestsPerSecond: 0 });
    const err = await failure(c.surveys.update(1, "s", { name: "n" }));
    expect(err.message).not.toContain(key);
    expect(err.message).toBe(
      "PostHog API PATCH /api/projects/1/surveys/s/ failed with 400 invalid_input: got [secret] (field: x)",
    );
  });

  it("DELETE 404 surfaces as status 404 for the caller to decide", async () => {
    stub.handle(() => ({
      status: 404,
      body: { type: "invalid_request", code: "not_found", detail: "Not found.", attr: null },
    }));
    const err = await failure(client().surveys.delete(1, "gone"));
    expect(err.status).toBe(404);
    expect(stub.requests).toHaveLength(1);
  });

  it("DELETE 204 resolves", async () => {
    stub.handle(() => ({ status: 204 }));
    await expect(client().invites.delete("org", "i1")).resolves.toBeUndefined();
  });
});

describe("invites", () => {
  it("bulkCreate refuses more than 20 before sending", async () => {
    const bodies = Array.from({ length: 21 }, (_, i) => ({ target_email: `u${i}@example.com` }));
    await expect(client().invites.bulkCreate("org", bodies)).rejects.toThrow(/at most 20/);
    expect(stub.requests).toHaveLength(0);
  });

  it("bulkCreate sends a bare array to invites/bulk/", async () => {
    const inv = (e: string) => ({
      id: `id-${e}`,
      target_email: e,
      is_expired: false,
      created_at: "2024-05-01T10:00:00Z",
      level: 1,
    });
    stub.handle((r) => ({
      status: 201,
      body: (JSON.parse(r.body) as { target_email: string }[]).map((b) => inv(b.target_email)),
    }));
    const out = await client().invites.bulkCreate("org-1", [
      { target_email: "a@x.io" },
      { target_email: "b@x.io" },
    ]);
    expect(out.map((i) => i.target_email)).toEqual(["a@x.io", "b@x.io"]);
    expect(stub.requests[0].path).toBe("/api/organizations/org-1/invites/bulk/");
  });
});
