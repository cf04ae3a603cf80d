// The PostHogs a real-CLI plugin test talks to: in-process emulators, each with its own key, and what each received,
// read from its request log (/_emulator/requests) and written so that two emulators' logs of the same program
// compare equal: the ids each emulator minted (UUIDs, its organization) become placeholders, and a body's keys
// are sorted.
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { emulatorCall } from "../../support/fresh-connection";
import type { LoggedRequest } from "../../support/stack";
import type { ConfigValue } from "../program-folder";

export interface Emulator extends EmulatorHandle {
  /** A `/_emulator/...` control with the admin key; fails on an error status. */
  control<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  /** A call to PostHog's API as a user would make it in the UI (the admin key). */
  api<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  requests(): Promise<LoggedRequest[]>;
  /** What this emulator received since the last call (and clears its log). */
  take(): Promise<string[]>;
}

/**
 * The stack config that points a face's default provider at an emulator (`namespace`: `posthog` or the plugin's),
 * the key as a secret. No client-side pacing: the emulator sets no rate limit, and both faces run the same settings.
 */
export function emulatorStackConfig(namespace: string, emulator: Emulator): Record<string, ConfigValue> {
  return {
    [`${namespace}:host`]: emulator.url,
    [`${namespace}:apiKey`]: { secret: emulator.apiKey },
    [`${namespace}:projectId`]: String(emulator.projectId),
    [`${namespace}:organizationId`]: emulator.organizationId,
    [`${namespace}:requestsPerSecond`]: "0",
    [`${namespace}:rateWindows`]: "off",
    // The run's check of the key and host is tested on its own (test/cli/key-check.test.ts).
    [`${namespace}:checkKeyAndHost`]: "false",
  };
}

/** `statePath`: the emulator's --state file, for a test that seeds PostHog before the emulator it talks to starts. */
export async function startTestEmulator(apiKey: string, statePath?: string): Promise<Emulator> {
  const handle = await startEmulator({ port: 0, apiKey, statePath });
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await emulatorCall(handle.url, handle.apiKey, method, route, body);
    if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const emulator: Emulator = {
    ...handle,
    close: () => handle.close(),
    control: (method, route, body) => call(method, `/_emulator${route}`, body),
    api: (method, route, body) => call(method, route, body),
    requests: async () => (await call<{ requests: LoggedRequest[] }>("GET", "/_emulator/requests")).requests,
    take: async () => {
      const log = await emulator.requests();
      await call("DELETE", "/_emulator/requests");
      return log.map((r) => describeRequest(r, handle.organizationId));
    },
  };
  return emulator;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A JSON value with its keys sorted at every depth, so two serialisations of one value are one string. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sorted(v)]),
    );
  }
  return value;
}

/** `METHOD path?query status body`, with the emulator's own ids made placeholders. */
export function describeRequest(r: LoggedRequest, organizationId: string): string {
  const generic = (text: string) => text.split(organizationId).join(":org").replace(UUID, ":id");
  const query = r.query ? `?${r.query.replace(/^\?/, "")}` : "";
  const body = r.body === null || r.body === undefined ? "" : ` ${JSON.stringify(sorted(r.body))}`;
  return generic(`${r.method} ${r.path}${query} ${r.status}${body}`);
}
