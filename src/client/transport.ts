import http from "node:http";
import https from "node:https";
import axios, { AxiosError, type AxiosInstance } from "axios";
import type { z } from "zod";
import { absoluteUrl, parseBaseUrl, type BaseUrl } from "./base-url";
import { PostHogApiError, type PostHogApiErrorInit } from "./errors";
import { DEFAULTS, type ClientOptions } from "./options";
import { getScheduler, RateWaitTooLong, type Slot } from "./schedule";
import {
  decide,
  isPermanentNetworkFailure,
  isRetryableStatus,
  TLS_CODES,
  parseRetryAfter,
  sleep,
  wasNeverSent,
  type AttemptOutcome,
  type RetryPolicy,
} from "./retry";
import { describeHttpError, describeParseError } from "./describe";
import { userAgent } from "./user-agent";
import { cancellation } from "./cancel";
import { beforeWrite, recordDeleted } from "../write-guard";
import { holdsSecret, maskSecrets, rememberSecret, warn } from "../scrub";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";
export type Query = Record<string, string | number | boolean | undefined>;

export interface CallSpec<T> {
  method: HttpMethod;
  /** "/api/..." (host prefix added) or an absolute URL on the configured origin (next links). */
  path: string;
  query?: Query;
  body?: unknown;
  schema: z.ZodType<T>;
}

export interface Transport {
  readonly base: BaseUrl;
  /** The most one call may take; a listing of many calls is held to it as a whole (paginate.ts). */
  readonly deadlineMs: number;
  call<T>(spec: CallSpec<T>): Promise<T>;
}

type Fail = (init: Omit<PostHogApiErrorInit, "method" | "path">) => PostHogApiError;

interface RawResponse {
  status: number;
  text: string;
  retryAfter?: string;
}

/** One transport per client: axios instance, auth, retries, rate scheduling and typed errors. */
export function createTransport(opts: ClientOptions): Transport {
  const base = parseBaseUrl(opts.host);
  const secrets = opts.apiKey ? [opts.apiKey] : [];
  rememberSecret(opts.apiKey);
  const timeoutMs = opts.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs;
  const deadlineMs = opts.deadlineMs ?? DEFAULTS.deadlineMs;
  const policy: RetryPolicy = {
    maxRetries: opts.maxRetries ?? DEFAULTS.maxRetries,
    baseMs: opts.retryBaseMs ?? DEFAULTS.retryBaseMs,
    maxMs: opts.retryMaxMs ?? DEFAULTS.retryMaxMs,
  };
  const scheduler = getScheduler(base.origin, opts.apiKey, {
    windows: opts.rateWindows ?? DEFAULTS.rateWindows,
    requestsPerSecond: opts.requestsPerSecond,
  });
  const ax = buildAxios(opts.apiKey);
  // POSTs get a fresh connection: a reset on a stale keep-alive socket would otherwise be
  // indistinguishable from "sent, then dropped" and make an unapplied create look unknown.
  const postAgents = {
    httpAgent: new http.Agent({ keepAlive: false }),
    httpsAgent: new https.Agent({ keepAlive: false }),
  };

  // The origins that have answered this client: a refused connection to one of them is an outage, not a typo.
  const answered = new Set<string>();

  async function attempt(spec: CallSpec<unknown>, url: URL, attemptTimeoutMs: number): Promise<RawResponse> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), attemptTimeoutMs);
    const cancel = () => controller.abort();
    cancellation.addEventListener("abort", cancel);
    try {
      const res = await ax.request<string>({
        method: spec.method,
        url: url.href,
        params: spec.query,
        data: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        headers: spec.body === undefined ? undefined : { "Content-Type": "application/json" },
        signal: controller.signal,
        ...(spec.method === "POST" ? postAgents : {}),
      });
      answered.add(url.origin);
      const retryAfter = res.headers["retry-after"];
      return {
        status: res.status,
        text: res.data ?? "",
        retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
      };
    } finally {
      clearTimeout(timer);
      cancellation.removeEventListener("abort", cancel);
    }
  }

  /** One attempt: the parsed result, or how it failed (for the retry decision) and the error to throw. */
  async function once<T>(
    spec: CallSpec<T>,
    url: URL,
    attemptTimeout: number,
    fail: Fail,
  ): Promise<{ ok: true; value: T } | { ok: false; outcome: AttemptOutcome; error: PostHogApiError }> {
    let raw: RawResponse;
    try {
      raw = await attempt(spec, url, attemptTimeout);
    } catch (err) {
      const net = networkOutcome(err, attemptTimeout, url, answered.has(url.origin));
      return {
        ok: false,
        outcome: net.outcome,
        error: fail({ status: 0, code: net.code, detail: net.detail }),
      };
    }
    if (raw.status >= 200 && raw.status < 300) return { ok: true, value: parseBody(raw, spec, fail) };
    const outcome: AttemptOutcome = {
      kind: "response",
      status: raw.status,
      retryAfterMs: parseRetryAfter(raw.retryAfter),
    };
    return {
      ok: false,
      outcome,
      error: fail({ status: raw.status, ...describeHttpError(raw.status, raw.text) }),
    };
  }

  async function call<T>(spec: CallSpec<T>): Promise<T> {
    const url = absoluteUrl(base, spec.path);
    const started = Date.now();
    const left = () => deadlineMs - (Date.now() - started);
    const fail: Fail = (init) =>
      new PostHogApiError({ method: spec.method, path: url.pathname, ...init }, secrets);

    /** A place in the rate windows, or the actionable error when the wait cannot fit in the deadline. */
    async function slot(retryIndex: number): Promise<Slot> {
      try {
        return await scheduler.acquire(started + deadlineMs, retryIndex > 0);
      } catch (err) {
        if (!(err instanceof RateWaitTooLong)) throw err;
        throw fail({
          status: 0,
          code: "rate_limited",
          detail: err.message,
          retryable: true,
          attempts: retryIndex,
        });
      }
    }

    /**
     * The run was cancelled: this call ends now. A POST that may have gone out may have been applied, so it is
     * never sent again in this run (late-create.ts looks for it at the next `up`).
     */
    const cancelled = (attempts: number, sent: boolean) =>
      fail({
        status: 0,
        code: "cancelled",
        // Whoever sent the POST says what its unknown outcome means (ownership/late-create.ts).
        detail: "the run was cancelled (Ctrl-C) before PostHog answered",
        outcomeUnknown: sent && spec.method === "POST",
        attempts,
      });

    for (let retryIndex = 0; ; retryIndex++) {
      // A POST is retried only when it was not applied (retry.ts, decide), so nothing here may have been.
      if (cancellation.aborted) throw cancelled(retryIndex, false);
      const taken = await slot(retryIndex);
      if (left() <= 0) {
        taken.done();
        throw fail({
          status: 0,
          code: "deadline_exceeded",
          detail: `overall deadline of ${deadlineMs} ms exceeded`,
          attempts: retryIndex,
        });
      }
      let result: Awaited<ReturnType<typeof once<T>>>;
      try {
        // Each attempt of a write, retries too: a provider whose engine is gone sends nothing (write-guard.ts).
        if (spec.method !== "GET") await beforeWrite();
        result = await once(spec, url, Math.min(timeoutMs, left()), fail);
      } finally {
        taken.done();
      }
      if (result.ok) {
        if (spec.method === "DELETE") recordDeleted(url.pathname);
        return result.value;
      }
      if (cancellation.aborted) throw cancelled(retryIndex + 1, true);
      const { outcome, error } = result;
      const d = decide(spec.method, outcome, retryIndex, policy);
      if (d.retry && d.pauseAll) {
        // One back-off for every request on this key; the next slot fails fast if it cannot fit.
        scheduler.throttled(d.delayMs);
        continue;
      }
      if (
        d.retry &&
        d.delayMs >= left() &&
        outcome.kind === "response" &&
        outcome.retryAfterMs !== undefined
      ) {
        // The server asked for a wait this call cannot afford: fail now, saying so, rather than after it.
        throw fail({
          status: outcome.status,
          code: error.code,
          detail: `${error.detail ?? "(no detail)"}; the server asked to retry after ${seconds(outcome.retryAfterMs)} (Retry-After), past this call's deadline of ${seconds(deadlineMs)}`,
          attr: error.attr,
          retryable: true,
          attempts: retryIndex + 1,
        });
      }
      if (!d.retry || d.delayMs >= left()) {
        const status = outcome.kind === "response" ? outcome.status : 0;
        throw fail({
          status,
          type: error.type,
          code: error.code,
          detail: error.detail,
          attr: error.attr,
          retryable: outcome.kind === "network" ? !d.outcomeUnknown : isRetryableStatus(spec.method, status),
          outcomeUnknown: d.outcomeUnknown,
          attempts: retryIndex + 1,
        });
      }
      await sleep(d.delayMs, cancellation);
    }
  }

  return { base, deadlineMs, call };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

function buildAxios(apiKey: string): AxiosInstance {
  return axios.create({
    adapter: "http",
    headers: {
      Accept: "application/json",
      "User-Agent": userAgent(),
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
    },
    // We read every status ourselves, never follow redirects (the key must stay on our host),
    // and parse JSON ourselves so a bad body gives a precise error.
    validateStatus: () => true,
    maxRedirects: 0,
    responseType: "text",
    transformResponse: [(data: unknown) => data],
    httpAgent: new http.Agent({ keepAlive: true }),
    httpsAgent: new https.Agent({ keepAlive: true }),
    timeout: 0,
  });
}

/**
 * `answeredBefore`: this host has answered an earlier request in this process. A refused connection is then an
 * outage (a server restarting mid-run) and worth retrying; from a host that never answered it is a wrong host or
 * port, which no retry mends, so it fails at once naming the host setting.
 */
function networkOutcome(
  err: unknown,
  timeoutMs: number,
  url: URL,
  answeredBefore: boolean,
): { outcome: AttemptOutcome; code: string; detail: string } {
  const code = err instanceof AxiosError ? err.code : undefined;
  const timedOut = code === "ERR_CANCELED" || code === "ECONNABORTED" || code === "ETIMEDOUT";
  const sent = !wasNeverSent(code);
  const message = err instanceof Error ? err.message : String(err);
  return {
    outcome: {
      kind: "network",
      sent,
      timedOut,
      permanent: isPermanentNetworkFailure(code) && !(code === "ECONNREFUSED" && answeredBefore),
    },
    code: timedOut ? "timeout" : (code ?? "network_error"),
    detail: timedOut ? `no response within ${timeoutMs} ms (timeout)` : networkDetail(code, message, url),
  };
}

/** What a connection failure means, in words, naming the host it was for. */
function networkDetail(code: string | undefined, message: string, url: URL): string {
  if (code === "ENOTFOUND") return `no host named "${url.hostname}" was found (ENOTFOUND)`;
  if (code === "ECONNREFUSED") return `nothing accepted the connection at ${url.host} (ECONNREFUSED)`;
  if (code !== undefined && TLS_CODES.has(code)) {
    // OpenSSL's text is "...:SSL routines:<function>:<reason>:<file>:<line>:": the reason is what a reader needs.
    const reason = /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1] ?? message.split("\n")[0];
    return `the TLS handshake with ${url.host} failed (${code}: ${reason})`;
  }
  return `no response (${code ?? "network error"}: ${message})`;
}

function parseBody<T>(raw: RawResponse, spec: CallSpec<T>, fail: Fail): T {
  const masked: string[] = [];
  // A POST that got a 2xx was applied: if its body is unusable, the caller must recover by lookup.
  const outcomeUnknown = spec.method === "POST";
  let json: unknown;
  try {
    json = raw.text.trim() === "" ? undefined : JSON.parse(raw.text);
    // PostHog echoing the key (a survey description holding it) must not carry it into state or outputs.
    if (holdsSecret(raw.text)) json = maskSecrets(json, (at) => masked.push(at));
  } catch {
    throw fail({
      status: raw.status,
      code: "invalid_response",
      detail: "the response body is not JSON",
      outcomeUnknown,
    });
  }
  if (masked.length > 0) {
    warn(
      `PostHog's answer to ${spec.method} ${new URL(spec.path, "http://x").pathname} holds the API key (in ${masked.slice(0, 5).join(", ")}${masked.length > 5 ? ", …" : ""}); it was masked as [secret] before reaching state or outputs. Remove the key from that object in PostHog, and rotate it.`,
    );
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    throw fail({
      status: raw.status,
      code: "invalid_response",
      detail: describeParseError(parsed.error),
      outcomeUnknown,
    });
  }
  return parsed.data;
}
