// Hostile servers and hostile input, replayed against both faces: the dynamic providers called as the
// dynamic-provider server calls them (in this process), and the built provider plugin over gRPC. Each case has
// its own small server on 127.0.0.1 and asserts the outcome (the message), the requests the server received (so
// "fails at once" is shown by the absence of retries, not by a clock), and that the key appears nowhere: not in
// a message, an output, or a log line. The time each case took is printed in the table, never asserted.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { PluginServer, startPluginServer } from "../support/plugin-server";
import { ProviderCallError } from "../support/provider-server";
import { FUNCTION_TOKENS, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { resetPulumiConfig } from "../../src/config";
import { Survey } from "../../src";
import { startStack, type TestStack } from "../support/stack";
import { PluginResource } from "../plugin/plugin-resource";

const KEY = "phx_hostile_probe_key_0123456789abcdefABCDEF";
const SURVEY = { name: "Probe", type: "popover", questions: [{ type: "open", question: "Why?" }] };

type Props = Record<string, unknown>;
interface Sent {
  method: string;
  url: string;
}
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

/** A server on 127.0.0.1 answering by `handler`; it records every request it gets. */
async function hostile(handler: Handler): Promise<{ url: string; sent: Sent[]; close(): Promise<void> }> {
  const sent: Sent[] = [];
  // A header limit of 1 MiB: the 100,000-character id must reach the handler (Node's default answers 431).
  const server = http.createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    sent.push({ method: req.method ?? "", url: req.url ?? "" });
    req.resume();
    req.on("end", () => handler(req, res, sent.length));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(text);
}

/** The settings every case starts from: no client-side rate windows, short timeouts, a fixed project. */
const base = (host: string): Record<string, string> => ({
  host,
  apiKey: KEY,
  projectId: "1",
  rateWindows: "off",
  // Each case calls one operation; the run's check of the key and host has its own tests (key-check.test.ts).
  checkKeyAndHost: "false",
  retryBaseMs: "10",
  requestTimeoutMs: "2000",
  requestDeadlineMs: "4000",
});

interface Face {
  name: string;
  configure(settings: Record<string, string>): Promise<void>;
  check(inputs: Props): Promise<string[]>;
  create(inputs: Props): Promise<Props>;
  read(id: string, outputs: Props): Promise<Props>;
  invoke(fn: keyof typeof FUNCTION_TOKENS, args: Props): Promise<Props>;
  /** Everything the face wrote so far: its debug output (stderr) and its messages to the engine. */
  log(): string;
}

/** The dynamic face: the providers' modules, called in this process as the dynamic-provider server calls them. */
function dynamicFace(): Face {
  let written = "";
  const write = process.stderr.write.bind(process.stderr);
  jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written += String(chunk);
    return write(chunk);
  });
  const survey = () => require("../../src/resources/survey/provider");
  const functions = () => ({
    ...require("../../src/resources/survey/functions"),
    ...require("../../src/resources/survey/responses-count"),
  });
  return {
    name: "dynamic",
    async configure(settings) {
      resetPulumiConfig();
      await survey().configure({ config: { get: (k: string) => settings[k.replace(/^posthog:/, "")] } });
    },
    async check(inputs) {
      const result = await survey().check({}, inputs);
      return (result.failures ?? []).map(
        (f: { property: string; reason: string }) => `${f.property}: ${f.reason}`,
      );
    },
    async create(inputs) {
      const checked = await survey().check({}, inputs);
      return (await survey().create(checked.inputs)).outs;
    },
    async read(id, outputs) {
      return (await survey().read(id, outputs)).props ?? {};
    },
    async invoke(fn, args) {
      return functions()[fn](args);
    },
    log: () => written,
  };
}

/** The plugin face: the built plugin, driven over gRPC as the engine drives it. */
function pluginFace(server: () => PluginServer): Face {
  const urn = `urn:pulumi:s::p::${RESOURCE_TOKENS.Survey}::probe`;
  return {
    name: "plugin",
    async configure(settings) {
      const config = Object.fromEntries(
        Object.entries(settings).map(([k, v]) => [`${PACKAGE_NAME}:${k}`, v]),
      );
      await server().configure(config);
    },
    async check(inputs) {
      const { failures } = await server().check(urn, {}, inputs);
      return failures.map((f) => `${f.property}: ${f.reason}`);
    },
    async create(inputs) {
      const { inputs: checked } = await server().check(urn, {}, inputs);
      return (await server().create(urn, checked)).outputs;
    },
    async read(id, outputs) {
      return (await server().read(id, urn, outputs, {})).outputs;
    },
    invoke: (fn, args) => server().invoke(FUNCTION_TOKENS[fn], args),
    log: () => server().stderr() + server().engineLog(),
  };
}

let plugin: PluginServer;
beforeAll(async () => {
  plugin = await startPluginServer();
});
afterAll(async () => plugin?.close());
afterEach(() => jest.restoreAllMocks());

const faces: [string, () => Face][] = [
  ["dynamic", dynamicFace],
  ["plugin", () => pluginFace(() => plugin)],
];

/** The message of the failure `run` ends with, how long it took (ms), and the face's log meanwhile. */
async function failure(face: Face, run: () => Promise<unknown>): Promise<{ message: string; ms: number }> {
  const started = Date.now();
  try {
    await run();
  } catch (error) {
    const message =
      error instanceof ProviderCallError || error instanceof Error ? error.message : String(error);
    return { message, ms: Date.now() - started };
  }
  throw new Error(`${face.name}: expected a failure`);
}

/** The table the closing note shows: case, face, outcome, time. */
const table: string[] = [];
afterAll(() => {
  if (process.env.HOSTILE_TABLE)
    require("node:fs").writeFileSync(process.env.HOSTILE_TABLE, table.join("\n"));
});
function row(name: string, face: Face, outcome: string, ms: number, everything: string) {
  expect(everything).not.toContain(KEY);
  table.push(`${name}\t${face.name}\t${outcome.slice(0, 140)}\t${ms} ms\tkey appears: no`);
}

describe.each(faces)("%s face against hostile servers", (_label, makeFace) => {
  let face: Face;
  beforeEach(() => {
    face = makeFace();
  });

  test("a 400 whose code, attr and detail echo the key: scrubbed from every field", async () => {
    const srv = await hostile((req, res) =>
      json(res, 400, {
        type: "validation_error",
        code: req.headers.authorization,
        detail: `bad ${KEY}.`,
        attr: KEY,
      }),
    );
    await face.configure(base(srv.url));
    const { message, ms } = await failure(face, () => face.create(SURVEY));
    await srv.close();
    expect(message).toBe(
      'Survey "Probe": could not create it in project 1. PostHog API POST /api/projects/1/surveys/ failed with 400 Bearer [secret]: bad [secret]. (field: [secret]).',
    );
    expect(srv.sent.map((s) => s.method)).toEqual(["POST"]);
    row("400 echoing the key in code/attr/detail", face, message, ms, message + face.log());
  });

  test("a 400 with a 200 KiB detail: the call fails, with a capped message", async () => {
    const srv = await hostile((_req, res) =>
      json(res, 400, { code: "invalid", detail: "x".repeat(200 * 1024) }),
    );
    await face.configure(base(srv.url));
    const { message, ms } = await failure(face, () => face.create(SURVEY));
    await srv.close();
    expect(message.length).toBeLessThanOrEqual(4000);
    expect(message).toMatch(
      /^Survey "Probe": could not create it in project 1\. PostHog API POST \/api\/projects\/1\/surveys\/ failed with 400 invalid: x+ \[…\d+ characters cut…\] x+\.$/,
    );
    expect(srv.sent).toHaveLength(1);
    row("400 with a 200 KiB detail", face, `${message.length} chars, capped`, ms, message + face.log());
  });

  test("a read of a 100,000-character id: the id appears once, the message fits", async () => {
    const id = "i".repeat(100_000);
    const srv = await hostile((_req, res) => json(res, 403, { code: "permission_denied", detail: "No." }));
    await face.configure(base(srv.url));
    const { message, ms } = await failure(face, () => face.read(id, { ...SURVEY, projectId: "1" }));
    await srv.close();
    expect(message.length).toBeLessThanOrEqual(4000);
    // Once: the cap may cut that one place in the middle, but the path no longer repeats it.
    expect(message.replace(/ \[…\d+ characters cut…\] /, "").match(/i{150,}/g)?.length).toBe(1);
    expect(message).toMatch(/failed with 403 permission_denied: No\.\.?$/);
    expect(srv.sent).toHaveLength(1);
    row(
      "read with a 100,000-character id",
      face,
      `${message.length} chars, id once`,
      ms,
      message + face.log(),
    );
  });

  test("Retry-After: 10000000000000 on a 429: fails at once and clearly; queued calls are answered", async () => {
    const srv = await hostile((_req, res) =>
      json(res, 429, { code: "throttled", detail: "Slow down." }, { "Retry-After": "10000000000000" }),
    );
    await face.configure(base(srv.url));
    // Loads the data functions' code (the SDK, in the plugin: seconds on a busy machine) without a request, so the
    // time below is the wait's, not the cold start's.
    await face.invoke("getSurvey", { id: { a: 1 } }).catch(() => undefined);
    const started = Date.now();
    const all = await Promise.allSettled([1, 2, 3].map(() => face.invoke("getSurvey", { id: "s1" })));
    const ms = Date.now() - started;
    await srv.close();
    const messages = all.map((r) =>
      r.status === "rejected" ? String((r.reason as Error).message) : "answered",
    );
    for (const message of messages) {
      expect(message).toMatch(
        /rate limit: PostHog answered 429 \(throttled\) and asked to wait until \d{4}-\d\d-\d\dT[\d:.]+Z \(2147483\.6 s from now\); another client may be using the same API key, past this request's deadline \(\d\.\d s left\)\. Lower the parallelism/,
      );
    }
    expect(srv.sent.length).toBeLessThanOrEqual(3);
    row(
      "429 with Retry-After: 10000000000000 (3 queued)",
      face,
      messages[0],
      ms,
      messages.join() + face.log(),
    );
  });

  test("Retry-After: 10000000000000 on a 503: fails at once, naming the wait the server asked for", async () => {
    const srv = await hostile((_req, res) =>
      json(res, 503, { code: "unavailable", detail: "Later." }, { "Retry-After": "10000000000000" }),
    );
    await face.configure(base(srv.url));
    await face.invoke("getSurvey", { id: { a: 1 } }).catch(() => undefined); // loads the functions' code
    const { message, ms } = await failure(face, () => face.invoke("getSurvey", { id: "s1" }));
    await srv.close();
    expect(message).toContain(
      "PostHog API GET /api/projects/1/surveys/s1/ failed with 503 unavailable: Later.; the server asked to retry after 2147484 s (Retry-After), past this call's deadline of 4.0 s",
    );
    expect(srv.sent).toHaveLength(1);
    row("503 with Retry-After: 10000000000000", face, message, ms, message + face.log());
  });

  test("a server that hands out new next links forever: the listing stops at its cap, naming it", async () => {
    const srv = await hostile((req, res, n) =>
      json(res, 200, {
        count: 1_000_000,
        next: `http://${req.headers.host}/api/projects/1/surveys/?limit=1&offset=${n}`,
        previous: null,
        results: [],
      }),
    );
    await face.configure({ ...base(srv.url), requestDeadlineMs: "3000" });
    const { message, ms } = await failure(face, () => face.invoke("getSurveys", {}));
    await srv.close();
    expect(message).toMatch(
      /PostHog API GET \/api\/projects\/1\/surveys\/ failed: the listing was stopped after \d+ pages and \d+ ms: it (reached the page cap of 1000 pages|ran past the listing's deadline of 3000 ms) \(a listing may take at most 1000 pages and 3000 ms, the posthog(-iac)?:requestDeadlineMs setting\), and the server was still sending next links/,
    );
    expect(srv.sent.length).toBeLessThanOrEqual(1000);
    row("endless next links", face, message.replace(/^.*failed: /, ""), ms, message + face.log());
  });

  test("a 2xx survey whose description echoes the key: masked in outputs, with a warning", async () => {
    const srv = await hostile((_req, res) =>
      json(res, 201, {
        id: "s-1",
        name: "Probe",
        type: "popover",
        description: `hello ${KEY}`,
        questions: [{ id: "q1", type: "open", question: "Why?" }],
        created_at: "2026-01-01T00:00:00Z",
        start_date: null,
        end_date: null,
        archived: false,
      }),
    );
    await face.configure(base(srv.url));
    const started = Date.now();
    let outcome: string;
    let outputs: Props = {};
    try {
      outputs = await face.create(SURVEY);
      outcome = `description: ${String(outputs.description)}`;
    } catch (error) {
      outcome = (error as Error).message;
    }
    const ms = Date.now() - started;
    await srv.close();
    expect(outcome).toBe("description: hello [secret]");
    expect(face.log()).toContain(
      "warning: PostHog's answer to POST /api/projects/1/surveys/ holds the API key (in description); it was masked as [secret] before reaching state or outputs. Remove the key from that object in PostHog, and rotate it.",
    );
    expect(srv.sent[0].method).toBe("POST");
    row("2xx survey echoing the key", face, outcome, ms, JSON.stringify(outputs) + outcome + face.log());
  });

  test("a POST reset: sent once, never again; the message says it may have been applied", async () => {
    const srv = await hostile((req, res) => {
      if (req.method === "POST") req.socket.destroy();
      else json(res, 200, { count: 0, next: null, previous: null, results: [] });
    });
    await face.configure(base(srv.url));
    const { message, ms } = await failure(face, () => face.create(SURVEY));
    await srv.close();
    expect(message).toMatch(
      /PostHog API POST \/api\/projects\/1\/surveys\/ got no answer \(no response \(ECONNRESET: socket hang up\)\), so it may have been applied; it was not sent again, and lookups for what it made found nothing within \d+ s\. Run pulumi up again: it looks for the object before posting anything/,
    );
    expect(srv.sent.filter((s) => s.method === "POST")).toHaveLength(1);
    row(
      "POST reset",
      face,
      message.replace(/^.*could not create it in project 1\. /, ""),
      ms,
      message + face.log(),
    );
  });

  test("a silent POST whose lookup fails: the message names the POST first", async () => {
    const srv = await hostile((req, res) => {
      if (req.method === "POST") req.socket.destroy();
      else json(res, 400, { code: "bad_lookup", detail: "No listing." });
    });
    await face.configure(base(srv.url));
    const { message, ms } = await failure(face, () => face.create(SURVEY));
    await srv.close();
    expect(message).toMatch(
      /PostHog API POST \/api\/projects\/1\/surveys\/ got no answer \(no response \(ECONNRESET: socket hang up\)\), so it may have been applied; it was not sent again, and looking for what it made then failed: PostHog API GET \/api\/projects\/1\/surveys\/ failed with 400 bad_lookup: No listing/,
    );
    expect(srv.sent.filter((s) => s.method === "POST")).toHaveLength(1);
    row(
      "silent POST, lookup refused",
      face,
      message.replace(/^.*could not create it in project 1\. /, ""),
      ms,
      message + face.log(),
    );
  });
});

describe.each(faces)("%s face refuses hostile input before any request", (_label, makeFace) => {
  let face: Face;
  let srv: Awaited<ReturnType<typeof hostile>>;
  beforeEach(async () => {
    face = makeFace();
    srv = await hostile((_req, res) => json(res, 500, { detail: "must not be reached" }));
    await face.configure(base(srv.url));
  });
  afterEach(async () => {
    expect(srv.sent).toEqual([]);
    await srv.close();
  });

  test("NUL characters in a name, a description and a question", async () => {
    const started = Date.now();
    const failures = await face.check({
      ...SURVEY,
      name: "Pro\0be",
      description: "d\0",
      questions: [{ type: "open", question: "Why\0?" }],
    });
    const ms = Date.now() - started;
    // A failure inside a property reaches the engine without the property (its reason names the path), so the
    // engine prints the reason alone instead of the whole value (provider-kit/check-failures.ts, forTheEngine).
    expect(failures.sort()).toEqual([
      ": questions[0].question: Null characters are not allowed. (PostHog refuses them). Remove the NUL character (\\0) at position 3.",
      "description: description: Null characters are not allowed. (PostHog refuses them). Remove the NUL character (\\0) at position 1.",
      "name: name: Null characters are not allowed. (PostHog refuses them). Remove the NUL character (\\0) at position 3.",
    ]);
    row("NUL in name/description/question", face, failures[0], ms, failures.join() + face.log());
  });

  test("getSurvey with id {a: 1}", async () => {
    const { message, ms } = await failure(face, () => face.invoke("getSurvey", { id: { a: 1 } }));
    expect(message).toContain(
      "getSurvey: id: Invalid input: expected string, received object. Nothing was sent to PostHog.",
    );
    row("getSurvey id {a: 1}", face, message, ms, message + face.log());
  });

  test.each([
    [
      "requestTimeoutMs",
      "0",
      'requestTimeoutMs must be a number of milliseconds from 1 to 2147483647 (per attempt), got "0".',
    ],
    [
      "requestTimeoutMs",
      "3000000000",
      'requestTimeoutMs must be a number of milliseconds from 1 to 2147483647 (per attempt), got "3000000000".',
    ],
    [
      "host",
      "ftp://example.com",
      'host must be an http(s) URL such as https://us.posthog.com or http://127.0.0.1:8010, got "ftp://example.com".',
    ],
    [
      "host",
      "javascript:alert(1)",
      'host must be an http(s) URL such as https://us.posthog.com or http://127.0.0.1:8010, got "javascript:alert(1)".',
    ],
    ["apiKey", '{"a":1}', "apiKey must be a personal API key (text such as phx_…), got an object."],
  ])("setting %s = %s is refused at configuration", async (name, value, reason) => {
    const { message, ms } = await failure(face, () => face.configure({ ...base(srv.url), [name]: value }));
    expect(message).toContain(reason);
    row(`setting ${name}=${value}`, face, message, ms, message + face.log());
  });
});

// The same refusal through the engine harness: the SDK's own dynamic-provider gRPC server (dynamic face) and the
// plugin (plugin face) answer the engine's Create over gRPC, where a message over 64 KiB used to hang the call.
describe.each(["dynamic", "plugin"] as const)("%s face through the engine harness", (which) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ face: which });
  });
  afterAll(async () => stack?.close());

  test("a 400 with a 200 KiB detail echoing the key in code and attr: the step fails, capped and scrubbed", async () => {
    await stack.control("POST", "/faults", {
      faults: [
        {
          method: "POST",
          path: "/surveys/?$",
          status: 400,
          body: {
            type: "validation_error",
            code: `Bearer ${stack.apiKey}`,
            detail: `${stack.apiKey} ${"x".repeat(200 * 1024)}`,
            attr: stack.apiKey,
          },
        },
      ],
    });
    const engine = stack.newEngine();
    const started = Date.now();
    const result = await engine.up(() => {
      if (which === "dynamic") new Survey("big", { name: "Big", type: "popover" });
      else new PluginResource("Survey", "big", { name: "Big", type: "popover" });
    });
    const ms = Date.now() - started;
    await stack.control("DELETE", "/faults");
    const message = result.errors.map((e) => e.message).join("\n");
    expect(message).toMatch(
      /PostHog API POST \/api\/projects\/\d+\/surveys\/ failed with 400 Bearer \[secret\]: \[secret\] x+ \[…\d+ characters cut…\] x+ \(field: \[secret\]\)/,
    );
    expect(message.length).toBeLessThan(4500);
    const posts = (await stack.requests()).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    const everything = [
      message,
      JSON.stringify(engine.state()),
      stack.server.stderr(),
      stack.server.engineLog(),
    ].join("\n");
    expect(everything).not.toContain(stack.apiKey);
    table.push(
      `engine harness: 400, 200 KiB detail echoing the key\t${which}\tstep failed, ${message.length} chars\t${ms} ms\tkey appears: no`,
    );
  });
});
