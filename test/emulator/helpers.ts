// Shared helpers for the emulator tests: one emulator per file, plain fetch, no client code.
import { startEmulator, type EmulatorHandle, type EmulatorOptions } from "posthog-emulator";

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test assertions index freely into JSON
  body: any;
  headers: Headers;
}

export interface Harness {
  em: EmulatorHandle;
  /** call the API with the admin key (or `key`, or none when key === null) */
  api(
    method: string,
    path: string,
    body?: unknown,
    opts?: { key?: string | null; raw?: string },
  ): Promise<Reply>;
  control(method: string, path: string, body?: unknown): Promise<Reply>;
  reset(): Promise<void>;
  /** create a survey and return the POST body */
  survey(body: Record<string, unknown>): Promise<Reply>;
  close(): Promise<void>;
}

async function call(
  url: string,
  method: string,
  key: string | null,
  body: unknown,
  raw: string | undefined,
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let payload: string | undefined = raw;
  if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export async function startHarness(opts: EmulatorOptions = {}): Promise<Harness> {
  const em = await startEmulator({ port: 0, ...opts });
  const h: Harness = {
    em,
    api: (method, path, body, o = {}) =>
      call(`${em.url}${path}`, method, o.key === undefined ? em.apiKey : o.key, body, o.raw),
    control: (method, path, body) => call(`${em.url}/_emulator${path}`, method, em.apiKey, body, undefined),
    reset: async () => {
      const r = await h.control("POST", "/reset", {});
      if (r.status !== 200) throw new Error(`reset failed: ${r.status}`);
    },
    survey: (body) => h.api("POST", `/api/projects/${em.projectId}/surveys/`, { type: "popover", ...body }),
    close: () => em.close(),
  };
  return h;
}

/**
 * One emulator for a test file, reset before each test: registers the beforeAll/afterAll/beforeEach hooks and
 * returns a harness that forwards to it once beforeAll has started it.
 */
export function useHarness(opts: EmulatorOptions = {}): Harness {
  let started: Harness | undefined;
  const current = (): Harness => {
    if (!started) throw new Error("the emulator starts in beforeAll: use the harness inside a test or hook");
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(opts);
  });
  afterAll(() => started?.close());
  beforeEach(() => current().reset());
  return {
    get em() {
      return current().em;
    },
    api: (method, path, body, o) => current().api(method, path, body, o),
    control: (method, path, body) => current().control(method, path, body),
    reset: () => current().reset(),
    survey: (body) => current().survey(body),
    close: () => current().close(),
  };
}

export function errorBody(type: string, code: string, detail: string, attr: string | null = null) {
  return { type, code, detail, attr };
}

/**
 * What a personal API key gets for a method the route has no action for (a GET on one invite or member).
 * PostHog's tests log in with a session and skip that check; a key meets APIScopePermission first, which finds
 * no scope to require and refuses with its own message (docs/contributing/posthog-behaviour.md#methods-a-route-lacks).
 */
export const noKeyAccess = errorBody(
  "authentication_error",
  "permission_denied",
  "This action does not support personal API key access",
);
