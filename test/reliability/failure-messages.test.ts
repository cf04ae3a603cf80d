// Issue 29: every way of being unable to talk to PostHog, through both faces (the dynamic providers, config
// `posthog:*`; the provider plugin, config `posthog-iac:*`). For each cause, `up` of one new resource fails with
// one exact message: it names the resource, what went wrong, and the setting to change in the face's own config
// namespace (with its environment variable), and nothing unrelated. A host that does not resolve and a port that
// refuses connections are not retried as if transient. Prints the message table with the time each took.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Invite, Survey } from "../../src";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import type { Engine, Program } from "../support/engine";
import { engineOnFreshProvider } from "./helpers";
import { PluginResource } from "../plugin/plugin-resource";
import { startStack, type TestStack } from "../support/stack";

type Face = "dynamic" | "plugin";
const FACES: Face[] = ["dynamic", "plugin"];
const NAMESPACE: Record<Face, string> = { dynamic: "posthog", plugin: PACKAGE_NAME };

const SURVEY = { name: "Messages survey", type: "api" as const };
const OTHER_ORG = "0190f0c4-0000-7000-8000-000000000000";
/** The survey's create, as the failure's first words name it. */
const create = (w: World) => `Survey "Messages survey": could not create it in project ${w.projectId}.`;
const surveys = (w: World) => `/api/projects/${w.projectId}/surveys/`;
const INVITE = { targetEmail: "messages@example.com", level: "member" as const };

/** What a row's test sees: the running emulator, and the hosts that are not PostHog. */
interface World {
  stack: TestStack;
  /** A 127.0.0.1 port nothing listens on. */
  closedPort: number;
  /** A plain-HTTP server that is not PostHog: 404 with an HTML page for every path. */
  notPostHog: string;
  /** A key PostHog knows, with read scopes only. */
  readOnlyKey: string;
  projectId: number;
}

interface Row {
  cause: string;
  /** Config for the face (by setting name; undefined removes the stack's own value). */
  config?(world: World): Record<string, string | undefined>;
  /** Emulator faults for the row (cleared after it). */
  faults?: unknown[];
  resource: "survey" | "invite";
  /**
   * The exact message; `ns` is the face's config namespace, `w` the world. `<time>` and `<seconds>` stand for the
   * clock's parts of a rate-limit message.
   */
  message(ns: string, w: World): string;
}

const ROWS: Row[] = [
  {
    cause: "no key",
    config: () => ({ apiKey: undefined }),
    resource: "survey",
    message: (ns) =>
      `Survey "Messages survey": could not create it. No PostHog API key is configured. Set it with \`pulumi config set --secret ${ns}:apiKey <personal API key>\` or the POSTHOG_API_KEY environment variable (a personal API key from PostHog > Settings > Personal API keys).`,
  },
  {
    cause: "wrong key (401)",
    config: () => ({ apiKey: "phx_notAKeyPostHogKnows0123456789" }),
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed with 401 authentication_failed: Personal API key found in request Authorization header is invalid. The PostHog API key is missing or invalid: set ${ns}:apiKey (as a secret: pulumi config set --secret ${ns}:apiKey <key>) or the POSTHOG_API_KEY environment variable.`,
  },
  {
    cause: "missing scope (403)",
    config: (w) => ({ apiKey: w.readOnlyKey }),
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed with 403 permission_denied: API key missing required scope 'survey:write'. The personal API key lacks the scope 'survey:write': create a key with that scope in PostHog (Settings > Personal API keys) and set it as ${ns}:apiKey.`,
  },
  {
    cause: "bad host syntax",
    config: () => ({ host: "us.posthog.com" }),
    resource: "survey",
    // Refused where the settings are read, before any resource: the dynamic face's configure, the plugin's
    // CheckConfig (which the engine reports against the provider's `host`).
    message: (ns) =>
      `${ns === "posthog" ? "" : "provider config host: "}${ns}:host must be an http(s) URL such as https://us.posthog.com or http://127.0.0.1:8010, got "us.posthog.com".`,
  },
  {
    cause: "DNS failure",
    config: () => ({ host: "https://posthog.invalid" }),
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed: no host named "posthog.invalid" was found (ENOTFOUND). Check ${ns}:host (or the POSTHOG_HOST environment variable); PostHog Cloud is https://us.posthog.com or https://eu.posthog.com.`,
  },
  {
    cause: "refused connection",
    config: (w) => ({ host: `http://127.0.0.1:${w.closedPort}` }),
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed: nothing accepted the connection at 127.0.0.1:${w.closedPort} (ECONNREFUSED). Check ${ns}:host (or the POSTHOG_HOST environment variable), and that PostHog (or the emulator) is running there.`,
  },
  {
    cause: "TLS failure",
    config: (w) => ({ host: w.stack.url.replace("http://", "https://") }),
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed: the TLS handshake with ${new URL(w.stack.url).host} failed (EPROTO: wrong version number). If the host serves plain HTTP (as the local emulator does), write http:// in ${ns}:host (or the POSTHOG_HOST environment variable); otherwise check its certificate.`,
  },
  {
    cause: "a host that is not PostHog",
    config: (w) => ({ host: w.notPostHog }),
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed with 404: non-JSON body: Not Found. The host answered without PostHog's JSON error body, so it is probably not PostHog's API: check ${ns}:host (or the POSTHOG_HOST environment variable).`,
  },
  {
    cause: "wrong project",
    config: () => ({ projectId: "987654" }),
    resource: "survey",
    message: (ns) =>
      `Survey "Messages survey": could not create it in project 987654. PostHog API POST /api/projects/987654/surveys/ failed with 404 not_found: Project not found. Project 987654 does not exist or the key cannot see it: check the resource's projectId or ${ns}:projectId (or the POSTHOG_PROJECT_ID environment variable).`,
  },
  {
    cause: "wrong organization",
    config: () => ({ organizationId: OTHER_ORG }),
    resource: "invite",
    message: (ns) =>
      `Invite "messages@example.com": could not invite messages@example.com to organization ${OTHER_ORG}. PostHog API GET /api/organizations/${OTHER_ORG}/invites/ failed with 404 not_found: Organization not found. Organization ${OTHER_ORG} does not exist or the key cannot see it: check the resource's organizationId or ${ns}:organizationId (or the POSTHOG_ORGANIZATION_ID environment variable).`,
  },
  {
    cause: "rate limit",
    config: () => ({ requestDeadlineMs: "5000" }),
    faults: [{ path: "^/api/", status: 429, retryAfter: 3600 }],
    resource: "survey",
    message: (ns, w) =>
      `${create(w)} PostHog API POST ${surveys(w)} failed: rate limit: PostHog answered 429 (throttled) and asked to wait until <time> (3600.0 s from now); another client may be using the same API key, past this request's deadline (<seconds> s left). Lower the parallelism (pulumi up --parallel), raise ${ns}:requestDeadlineMs, or wait until then and run again.`,
  },
  {
    cause: "timeout",
    config: () => ({ requestTimeoutMs: "300", retryBaseMs: "10" }),
    faults: [{ path: "^/api/", latencyMs: 2000 }],
    resource: "survey",
    message: (ns, w) =>
      // The POST went out and got no answer, so the message names it first, then the lookup that followed it.
      `${create(w)} PostHog API POST ${surveys(w)} got no answer (no response within 300 ms (timeout)), so it may have been applied; it was not sent again, and looking for what it made then failed: PostHog API GET ${surveys(w)} failed: no response within 300 ms (timeout) [after 7 attempts]. Raise ${ns}:requestTimeoutMs (or the POSTHOG_REQUEST_TIMEOUT_MS environment variable) if PostHog is slow, or check ${ns}:host. Run pulumi up again: it looks for the object before posting anything.`,
  },
];

const declare = (face: Face, resource: Row["resource"]): Program =>
  resource === "survey"
    ? () => (face === "dynamic" ? new Survey("s", SURVEY) : new PluginResource("Survey", "s", SURVEY))
    : () => (face === "dynamic" ? new Invite("i", INVITE) : new PluginResource("Invite", "i", INVITE));

let world: World;
const closers: (() => Promise<void>)[] = [];
/** cause -> face -> [message, ms] */
const table = new Map<string, Partial<Record<Face, [string, number]>>>();

beforeAll(async () => {
  const stack = await startStack();
  closers.push(() => stack.close());
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const other = http.createServer((_req, res) =>
    res.writeHead(404, { "Content-Type": "text/html" }).end("<html><body><h1>Not Found</h1></body></html>"),
  );
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise<void>((resolve) => other.close(() => resolve())));
  const { key } = await stack.control<{ key: string }>("POST", "/keys", {
    scopes: ["survey:read", "organization_member:read", "user:read"],
  });
  world = {
    stack,
    closedPort,
    notPostHog: `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
    readOnlyKey: key,
    projectId: stack.projectId,
  };
});
afterAll(async () => {
  const lines = ["| cause | face | message | time to fail |", "|---|---|---|---|"];
  for (const [cause, faces] of table)
    for (const face of FACES) {
      const seen = faces[face];
      if (seen) lines.push(`| ${cause} | ${face} | ${seen[0]} | ${(seen[1] / 1000).toFixed(1)} s |`);
    }
  console.log(lines.join("\n"));
  for (const close of closers.reverse()) await close();
});

/** A plugin process of the face, configured by the engine with `config` (each credential needs its own process). */
async function engineFor(face: Face, config: Record<string, string>): Promise<Engine> {
  return engineOnFreshProvider(face, config, closers);
}

/** The stack's config in the face's namespace, with the row's settings over it. */
function configOf(face: Face, row: Row): Record<string, string> {
  const ns = NAMESPACE[face];
  const settings: Record<string, string | undefined> = {
    host: world.stack.url,
    apiKey: world.stack.apiKey,
    projectId: String(world.stack.projectId),
    organizationId: world.stack.organizationId,
    requestsPerSecond: "0",
    rateWindows: "off",
    // The messages of `up`'s own requests; the run's check of the key and host, which gives the same messages at
    // preview and before the first create, is held to this table in key-check.test.ts.
    checkKeyAndHost: "false",
    ...row.config?.(world),
  };
  return Object.fromEntries(
    Object.entries(settings).flatMap(([name, value]) =>
      value === undefined ? [] : [[`${ns}:${name}`, value]],
    ),
  );
}

/** A pattern matching `text` exactly, its `<time>` and `<seconds>` standing for an ISO time and a number. */
function exactly(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^${escaped.replace("<time>", "\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z").replace("<seconds>", "\\d+\\.\\d")}$`,
  );
}

describe.each(FACES)("through the %s face", (face) => {
  it.each(ROWS.map((row) => [row.cause, row] as const))(
    "%s: one exact message naming the setting to change",
    async (_cause, row) => {
      const engine = await engineFor(face, configOf(face, row));
      if (row.faults) await world.stack.control("POST", "/faults", { faults: row.faults });
      const started = Date.now();
      let messages: string[];
      try {
        messages = (await engine.up(declare(face, row.resource))).errors.map((e) => e.message);
      } catch (error) {
        // A provider whose config check fails stops the run before any resource step.
        messages = [error instanceof Error ? error.message : String(error)];
      } finally {
        await world.stack.control("DELETE", "/faults");
      }
      const elapsed = Date.now() - started;
      table.set(row.cause, { ...table.get(row.cause), [face]: [messages.join(" / "), elapsed] });
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(exactly(row.message(NAMESPACE[face], world)));
      expect(engine.state()).toEqual([]);
    },
    120_000,
  );
});
