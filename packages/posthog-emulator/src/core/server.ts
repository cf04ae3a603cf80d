// node:http front door: routes /_emulator/* to the controls and /api/* through latency, faults, auth, scopes,
// organization membership, rate limit and the handler (or 405); commits (saves) writes before answering.
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate, requireScope } from "./auth";
import { requireProjectAccess, resolveOrg, type Ctx, type Result } from "./context";
import { runControl } from "../controls/controls";
import type { Emulator } from "./emulator";
import {
  ApiError,
  defaultErrorFor,
  methodNotAllowed,
  notFound,
  permissionDenied,
  serverError,
  throttled,
} from "./errors";
import type { Fault } from "./faults";
import { ApiRequest } from "./request";
import { matchApiRoute, unroutedScope } from "./routes";
import { tap } from "./request-tap";

type Outcome =
  | { kind: "respond"; result: Result }
  | { kind: "reset" }
  | { kind: "drop"; status: number }
  // Reset or closed while the request waited out its latency: dropped unanswered and unlogged (Emulator.wait).
  | { kind: "abandoned" };

/** APIScopePermission's message when a method has no scope a key could hold (posthog/permissions.py). */
const NO_KEY_ACCESS = "This action does not support personal API key access";

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

function errorResult(e: unknown): Result {
  if (e instanceof ApiError) return { status: e.status, body: e.body, headers: e.headers };
  // Never echo request data here: it may hold a key.
  console.error(`posthog-emulator: internal error: ${e instanceof Error ? e.message : String(e)}`);
  const err = serverError();
  return { status: err.status, body: err.body };
}

function runApi(em: Emulator, req: ApiRequest, hostFallback: string): Result {
  try {
    const match = matchApiRoute(req.path);
    if (!match) throw notFound();
    const principal = authenticate(em.store, req);
    // DRF's APIView.initial: permissions, then throttles; only then the handler, or 405 for a method with no
    // action. PostHog's permissions (posthog/api/routing.py, TeamAndOrgViewSetMixin.get_permissions) are
    // APIScopePermission first, then organization membership (docs/contributing/posthog-behaviour.md#methods-a-route-lacks).
    const method = match.route.methods[req.method];
    const scope = method ? method.scope : unroutedScope(match.route, req.method);
    if (!method && scope === undefined) throw permissionDenied(NO_KEY_ACCESS);
    if (scope) requireScope(principal, scope);
    const ctx: Ctx = { core: em, req, principal, hostFallback };
    // OrganizationMemberPermissions, once for every organization route (the handlers rely on it): an unknown or
    // foreign organization is refused before the throttles count the request; TeamMemberAccessPermission likewise
    // for a project of another organization. (A missing project passes
    // TeamMemberAccessPermission and is the viewset's 404.)
    if (match.params.org !== undefined) resolveOrg(ctx, match.params.org);
    if (match.route.teamScoped) requireProjectAccess(ctx, match.params.project);
    const verdict = em.limiter.check(principal.keyId, em.clock.nowMs());
    if (!verdict.allowed) throw throttled(verdict.waitSeconds);
    if (!method) throw methodNotAllowed(req.method);
    const result = method.handler(ctx, match.params);
    if (WRITE_METHODS.has(req.method) && result.status < 400) em.save();
    return result;
  } catch (e) {
    return errorResult(e);
  }
}

function faultResult(fault: Fault, method: string): Result {
  const status = fault.status ?? 429;
  const fallback = defaultErrorFor(status, method, fault.retryAfter);
  const headers: Record<string, string> = { ...fallback.headers };
  if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
  return { status, body: fault.body ?? fallback.body, headers };
}

async function apiPipeline(em: Emulator, req: ApiRequest, hostFallback: string): Promise<Outcome> {
  if (em.latencyMs > 0 && !(await em.wait(em.latencyMs))) return { kind: "abandoned" };
  const fault = em.faults.take(req.method, req.path);
  if (fault?.latencyMs && !(await em.wait(fault.latencyMs))) return { kind: "abandoned" };
  if (fault?.reset) return { kind: "reset" };
  if (fault && (fault.status !== undefined || fault.retryAfter !== undefined)) {
    return { kind: "respond", result: faultResult(fault, req.method) };
  }
  const result = runApi(em, req, hostFallback);
  if (fault?.commitThenDrop) return { kind: "drop", status: result.status };
  return { kind: "respond", result };
}

function send(res: ServerResponse, result: Result): void {
  const headers = { ...(result.headers ?? {}) };
  if (result.status === 204 || result.body === undefined) {
    res.writeHead(result.status, headers).end();
    return;
  }
  const text = JSON.stringify(result.body);
  headers["Content-Type"] = "application/json";
  headers["Content-Length"] = String(Buffer.byteLength(text));
  res.writeHead(result.status, headers).end(text);
}

/**
 * The largest request body the emulator reads: PostHog's DATA_UPLOAD_MAX_MEMORY_SIZE = 20971520
 * (posthog/settings/web.py, "Max size of a POST body"). Django raises RequestDataTooBig past it where it reads a
 * whole body (django/http/request.py, HttpRequest.body), a SuspiciousOperation that
 * django/core/handlers/exception.py (response_for_exception) answers with a 400 from the bad_request view
 * (django/views/defaults.py). DRF's JSON parse streams the request instead (rest_framework/request.py,
 * Request._load_stream), so PostHog's Django may read on; refusing here is the conservative side, and keeps the
 * emulator's memory bounded. The provider's check holds the same number (test/unit/body-limit.test.ts).
 */
export const MAX_BODY_BYTES = 20_971_520;

/** Django's bad_request page (django/views/defaults.py, ERROR_PAGE_TEMPLATE with title "Bad Request (400)"). */
const BAD_REQUEST_PAGE =
  '\n<!doctype html>\n<html lang="en">\n<head>\n  <title>Bad Request (400)</title>\n</head>\n<body>\n' +
  "  <h1>Bad Request (400)</h1><p></p>\n</body>\n</html>\n";

/** The body as text, or "too big" as soon as it passes MAX_BODY_BYTES: the rest is never read or kept. */
function readBody(req: IncomingMessage): Promise<string | "too big"> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) return Promise.resolve("too big");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0;
        req.off("data", onData);
        req.pause();
        resolve("too big");
        return;
      }
      chunks.push(c);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** How long a refused connection stays half-open for the client to read the answer before it is dropped. */
const LINGER_MS = 5_000;

/**
 * Answers a body over the limit as Django does, then half-closes the connection and never reads the rest.
 * Destroying the socket at once (what Node's own `res.end` does on `Connection: close`) would make the kernel answer
 * the unread bytes with a TCP reset, and a reset can discard the 400 before the client has read it: the client then
 * sees ECONNRESET instead of the answer. A real deployment behaves the same way (nginx's lingering close). So the
 * answer is written straight to the socket, which stays paused and half-open until the client closes it or
 * LINGER_MS pass.
 */
function refuseTooBig(raw: IncomingMessage): void {
  const socket = raw.socket;
  const head =
    "HTTP/1.1 400 Bad Request\r\n" +
    "Content-Type: text/html; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(BAD_REQUEST_PAGE)}\r\n` +
    "Connection: close\r\n\r\n";
  socket.pause();
  socket.end(head + BAD_REQUEST_PAGE);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

export function createHandler(em: Emulator, hostFallback: () => string) {
  return async (raw: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const url = raw.url ?? "/";
      const q = url.indexOf("?");
      const path = q < 0 ? url : url.slice(0, q);
      const query = q < 0 ? "" : url.slice(q + 1);
      const body = await readBody(raw);
      if (body === "too big") {
        em.record({ method: raw.method ?? "GET", path, query, status: 400, body: null });
        refuseTooBig(raw);
        return;
      }
      const req = new ApiRequest(raw.method ?? "GET", path, query, raw.headers, body);
      if (path === "/_emulator" || path.startsWith("/_emulator/")) {
        let result: Result;
        try {
          result = runControl(em, req);
        } catch (e) {
          result = errorResult(e);
        }
        send(res, result);
        return;
      }
      if (!path.startsWith("/api/")) {
        send(res, errorResult(notFound()));
        return;
      }
      const outcome = await apiPipeline(em, req, hostFallback());
      if (outcome.kind === "abandoned") {
        raw.socket.destroy();
        return;
      }
      const status =
        outcome.kind === "respond" ? outcome.result.status : outcome.kind === "drop" ? outcome.status : 0;
      em.record({ method: req.method, path, query, status, body: req.logBody() });
      tap({
        url: `http://${hostFallback()}`,
        method: req.method,
        path,
        query,
        status,
        body: req.logBody(),
        response: outcome.kind === "respond" ? outcome.result.body : undefined,
      });
      if (outcome.kind === "respond") send(res, outcome.result);
      else raw.socket.destroy();
    } catch (e) {
      if (!res.headersSent) send(res, errorResult(e));
    }
  };
}
