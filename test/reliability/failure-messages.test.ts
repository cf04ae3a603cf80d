// Issue 29: every way of being unable to talk to PostHog, through both faces (the dynamic providers, config
// `posthog:*`; the provider plugin, config `posthog-iac:*`). For each cause, `up` of one new resource fails with
// one exact message: it names the resource, what went wrong, and the setting to change in the face's own config
// namespace (with its environment variable), and nothing unrelated. A host that does not resolve and a port that
// refuses connections are not retried as if transient. Prints the message table with the time each took.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Invite, Survey } from "../../src";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { createEngine, type Engine, type Program } from "../support/engine";
import { PluginResource } from "../plugin/plugin-resource";
import { startPluginServer } from "../support/plugin-server";
import { startProviderServer, type ProviderServer } from "../support/provider-server";
import { REPO_ROOT, selfLinkNodePath } from "../support/self-link";
import { pluginRouting, startStack, type TestStack } from "../support/stack";

type Face = "dynamic" | "plugin";
const FACES: Face[] = ["dynamic", "plugin"];
const NAMESPACE: Record<Face, string> = { dynamic: "posthog", plugin: PACKAGE_NAME };

const SURVEY = { name: "Messages survey", type: "api" as const };
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
  /** The exact message; `ns` is the face's config namespace, `w` the world. */
  message(ns: string, w: World): string;
}

const ROWS: Row[] = [
  {
    cause: "no key",
    config: () => ({ apiKey: undefined }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "wrong key (401)",
    config: () => ({ apiKey: "phx_notAKeyPostHogKnows0123456789" }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "missing scope (403)",
    config: (w) => ({ apiKey: w.readOnlyKey }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "bad host syntax",
    config: () => ({ host: "us.posthog.com" }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "DNS failure",
    config: () => ({ host: "https://posthog.invalid" }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "refused connection",
    config: (w) => ({ host: `http://127.0.0.1:${w.closedPort}` }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "TLS failure",
    config: (w) => ({ host: w.stack.url.replace("http://", "https://") }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "a host that is not PostHog",
    config: (w) => ({ host: w.notPostHog }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "wrong project",
    config: () => ({ projectId: "987654" }),
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "wrong organization",
    config: () => ({ organizationId: "0190f0c4-0000-7000-8000-000000000000" }),
    resource: "invite",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "rate limit",
    config: () => ({ requestDeadlineMs: "5000" }),
    faults: [{ path: "^/api/", status: 429, retryAfter: 3600 }],
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
  },
  {
    cause: "timeout",
    config: () => ({ requestTimeoutMs: "300", retryBaseMs: "10" }),
    faults: [{ path: "^/api/", latencyMs: 2000 }],
    resource: "survey",
    message: (ns) => `TBD ${ns}`,
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
  const start = {
    cwd: REPO_ROOT,
    env: { NODE_PATH: selfLinkNodePath(), POSTHOG_API_KEY: "", POSTHOG_PERSONAL_API_KEY: "", POSTHOG_HOST: "" },
  };
  const server: ProviderServer =
    face === "dynamic" ? await startProviderServer(start) : await startPluginServer(start);
  closers.push(() => server.close());
  return createEngine({
    server,
    config,
    ...(face === "plugin" && "invoke" in server ? { routing: pluginRouting(server as never) } : {}),
  });
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
    ...row.config?.(world),
  };
  return Object.fromEntries(
    Object.entries(settings).flatMap(([name, value]) => (value === undefined ? [] : [[`${ns}:${name}`, value]])),
  );
}

describe.each(FACES)("through the %s face", (face) => {
  it.each(ROWS.map((row) => [row.cause, row] as const))(
    "%s: one exact message naming the setting to change",
    async (_cause, row) => {
      const engine = await engineFor(face, configOf(face, row));
      if (row.faults) await world.stack.control("POST", "/faults", { faults: row.faults });
      const started = Date.now();
      let result;
      try {
        result = await engine.up(declare(face, row.resource));
      } finally {
        await world.stack.control("DELETE", "/faults");
      }
      const elapsed = Date.now() - started;
      const messages = result.errors.map((e) => e.message);
      table.set(row.cause, { ...table.get(row.cause), [face]: [messages.join(" / "), elapsed] });
      expect(messages).toEqual([row.message(NAMESPACE[face], world)]);
      expect(engine.state()).toEqual([]);
    },
    120_000,
  );
});
