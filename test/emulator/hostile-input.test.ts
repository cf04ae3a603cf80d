// What PostHog refuses, the emulator refuses: a body over DATA_UPLOAD_MAX_MEMORY_SIZE (with Django's 400, and
// without reading the rest, even of a chunked body that never ends), NUL characters in a CharField (DRF's
// message), a state file that is not its own (named in the message), and the temporary files a crash left.
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "posthog-emulator";
import { useHarness } from "./helpers";
import { exited } from "../support/emulator-process";
import { spawn } from "node:child_process";
import { REPO_ROOT } from "../support/self-link";

const h = useHarness();
const LIMIT = 20_971_520; // posthog/settings/web.py, DATA_UPLOAD_MAX_MEMORY_SIZE

/** Django's bad_request page (django/views/defaults.py). */
const BAD_REQUEST_PAGE =
  '\n<!doctype html>\n<html lang="en">\n<head>\n  <title>Bad Request (400)</title>\n</head>\n<body>\n' +
  "  <h1>Bad Request (400)</h1><p></p>\n</body>\n</html>\n";

async function surveys(): Promise<unknown[]> {
  return (await h.api("GET", `/api/projects/${h.em.projectId}/surveys/`)).body.results;
}

test("a body over PostHog's limit is refused with Django's 400; nothing is stored", async () => {
  const name = "big";
  const padding = "x".repeat(LIMIT);
  const res = await fetch(`${h.em.url}/api/projects/${h.em.projectId}/surveys/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${h.em.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type: "api", description: padding }),
  });
  expect(res.status).toBe(400);
  expect(await res.text()).toBe(BAD_REQUEST_PAGE);
  expect(await surveys()).toEqual([]);
  const log = (await h.control("GET", "/requests")).body;
  expect(JSON.stringify(log)).toContain('"status":400');
});

test("a body just under the limit is read and answered as usual", async () => {
  const res = await h.survey({ name: "under", type: "api", description: "y".repeat(1000) });
  expect(res.status).toBe(201);
});

test("a chunked body that never ends is cut off at the limit: the answer comes, the rest is never read", async () => {
  const url = new URL(`${h.em.url}/api/projects/${h.em.projectId}/surveys/`);
  const chunk = Buffer.alloc(1 << 20, "z");
  let written = 0;
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${h.em.apiKey}`, "Content-Type": "application/json" },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (e) => (answered ? undefined : reject(e)));
    const pump = () => {
      // At most 200 MiB: a server that kept reading would take all of it, and the test would then fail.
      while (!answered && written < 200 * (1 << 20)) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
  expect(status).toBe(400);
  expect(written).toBeGreaterThan(LIMIT);
  // What the sender could push before the answer: the limit, plus what the sockets buffer on the way.
  expect(written).toBeLessThan(LIMIT + 16 * (1 << 20));
  expect(await surveys()).toEqual([]);
});

test("NUL characters in a name or description: DRF's CharField message", async () => {
  for (const [field, body] of [
    ["name", { name: "N\0ul", type: "api" }],
    ["description", { name: "ok", type: "api", description: "d\0" }],
  ] as const) {
    const res = await h.survey(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: "validation_error",
      code: "null_characters_not_allowed",
      detail: "Null characters are not allowed.",
      attr: field,
    });
  }
  expect(await surveys()).toEqual([]);
});

describe("--state", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-emulator-hostile-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test.each([
    [
      '{"format":1}',
      "lacks org, projects, users, members, keys, surveys, flags, invites, responses, next, admin_key",
    ],
    ["[1,2]", 'is not in the expected format ({"format": 1, …})'],
    ["{not json", "is not JSON"],
  ])("a malformed file %s is refused, naming the file", async (text, why) => {
    const file = path.join(dir, "state.json");
    fs.writeFileSync(file, text);
    await expect(startEmulator({ statePath: file })).rejects.toThrow(`emulator state file ${file} ${why}`);
  });

  test("the command line names the file and exits 1", async () => {
    const file = path.join(dir, "state.json");
    fs.writeFileSync(file, '{"format":1}');
    const child = spawn(
      process.execPath,
      [
        "-r",
        path.join(REPO_ROOT, "test/emulator/ts-register.js"),
        path.join(REPO_ROOT, "packages/posthog-emulator/src/cli/emulator.ts"),
        "--state",
        file,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    expect(await exited(child)).toBe(1);
    expect(err).toContain(
      `posthog-emulator: emulator state file ${file} lacks org, projects, users, members, keys, surveys, flags, invites, responses, next, admin_key; it must be a file the emulator wrote with --state.`,
    );
  });

  test("temporary files a killed emulator left beside the state file are removed at start", async () => {
    const file = path.join(dir, "state.json");
    const first = await startEmulator({ statePath: file });
    await first.close();
    const kept = fs.readFileSync(file, "utf8");
    fs.writeFileSync(path.join(dir, ".state.json.12345.tmp"), "{half");
    fs.writeFileSync(path.join(dir, "other.txt"), "not ours");
    const second = await startEmulator({ statePath: file });
    await second.close();
    expect(fs.readdirSync(dir).sort()).toEqual(["other.txt", "state.json"]);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).org).toEqual(JSON.parse(kept).org);
  });
});
