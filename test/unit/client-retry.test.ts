import {
  backoffMs,
  decide,
  isPermanentNetworkFailure,
  isRetryableStatus,
  parseRetryAfter,
  wasNeverSent,
} from "../../src/client/retry";

const policy = { maxRetries: 3, baseMs: 100, maxMs: 1000 };
const mid = () => 0.5; // jitter factor exactly 1.0

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it("reads whole and fractional seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 1.5 ", now)).toBe(1500);
    expect(parseRetryAfter("0", now)).toBe(0);
  });
  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:07 GMT", now)).toBe(7000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:59:00 GMT", now)).toBe(0);
  });
  it("ignores absent or garbage values", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("-1", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});

describe("backoffMs", () => {
  it("doubles from the base and caps at max", () => {
    expect([0, 1, 2, 3, 4, 10].map((i) => backoffMs(i, policy, mid))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });
  it("jitters within +-30%", () => {
    expect(backoffMs(2, policy, () => 0)).toBe(280);
    expect(backoffMs(2, policy, () => 0.999999)).toBe(520);
  });
});

describe("isRetryableStatus", () => {
  it("retries idempotent methods on 408/425/429/5xx only", () => {
    for (const m of ["GET", "PATCH", "DELETE"]) {
      for (const s of [408, 425, 429, 500, 502, 503, 504]) expect(isRetryableStatus(m, s)).toBe(true);
      for (const s of [400, 401, 403, 404, 405, 409]) expect(isRetryableStatus(m, s)).toBe(false);
    }
  });
  it("retries POST only on pre-apply answers", () => {
    for (const s of [408, 425, 429, 503]) expect(isRetryableStatus("POST", s)).toBe(true);
    for (const s of [400, 500, 502, 504]) expect(isRetryableStatus("POST", s)).toBe(false);
  });
});

describe("decide", () => {
  it("never repeats a POST that may have been sent", () => {
    const d = decide("POST", { kind: "network", sent: true, timedOut: false }, 0, policy, mid);
    expect(d).toEqual({ retry: false, delayMs: 0, outcomeUnknown: true });
    expect(
      decide("POST", { kind: "network", sent: true, timedOut: true }, 0, policy, mid).outcomeUnknown,
    ).toBe(true);
  });
  it("repeats a POST whose connection never opened", () => {
    expect(wasNeverSent("ECONNREFUSED")).toBe(true);
    expect(wasNeverSent("ECONNRESET")).toBe(false);
    const d = decide("POST", { kind: "network", sent: false, timedOut: false }, 0, policy, mid);
    expect(d).toEqual({ retry: true, delayMs: 100, outcomeUnknown: false });
  });
  it("never retries what the same request meets again at once: no such host, a refused port, a failed TLS handshake", () => {
    for (const code of ["ENOTFOUND", "ECONNREFUSED", "EPROTO", "CERT_HAS_EXPIRED"]) {
      expect(isPermanentNetworkFailure(code)).toBe(true);
      const outcome = {
        kind: "network",
        sent: !wasNeverSent(code),
        timedOut: false,
        permanent: true,
      } as const;
      for (const method of ["GET", "POST"])
        expect(decide(method, outcome, 0, policy, mid)).toEqual({
          retry: false,
          delayMs: 0,
          outcomeUnknown: false,
        });
    }
    // A resolver that did not answer, a reset: transient.
    for (const code of ["EAI_AGAIN", "ECONNRESET", undefined])
      expect(isPermanentNetworkFailure(code)).toBe(false);
  });
  it("retries GET network errors with backoff until maxRetries", () => {
    const net = { kind: "network", sent: true, timedOut: true } as const;
    expect(decide("GET", net, 1, policy, mid)).toEqual({ retry: true, delayMs: 200, outcomeUnknown: false });
    expect(decide("GET", net, 3, policy, mid).retry).toBe(false);
    expect(decide("GET", net, 3, policy, mid).outcomeUnknown).toBe(false);
  });
  it("honours Retry-After exactly; a 429 pauses every request on the key, other statuses only this one", () => {
    const throttled = decide(
      "GET",
      { kind: "response", status: 429, retryAfterMs: 2000 },
      0,
      policy,
      () => 1,
    );
    expect(throttled).toEqual({ retry: true, delayMs: 2000, outcomeUnknown: false, pauseAll: true });
    const unavailable = decide(
      "GET",
      { kind: "response", status: 503, retryAfterMs: 2000 },
      0,
      policy,
      () => 1,
    );
    expect(unavailable).toEqual({ retry: true, delayMs: 2000, outcomeUnknown: false });
  });
  it("bounds 429 by the deadline, not by maxRetries", () => {
    expect(decide("POST", { kind: "response", status: 429, retryAfterMs: 1000 }, 50, policy, mid).retry).toBe(
      true,
    );
    expect(decide("GET", { kind: "response", status: 503 }, 3, policy, mid).retry).toBe(false);
  });
  it("does not retry a POST 500", () => {
    expect(decide("POST", { kind: "response", status: 500 }, 0, policy, mid).retry).toBe(false);
  });
});
