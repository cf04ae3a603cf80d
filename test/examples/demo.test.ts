// The compiled demo (`npm run demo` without its build steps: the suite already built dist/) as a child
// process: exit code, the plan it prints for each step, and its summary.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

// A private output folder: compiling into .tmp/tools could race a concurrent `npm run demo` or bench run.
const OUT = path.join(REPO_ROOT, `.tmp/demo-test-${process.pid}`);
const MAIN = path.join(OUT, "examples/demo/main.js");

beforeAll(() => {
  const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.tools.json", "--outDir", OUT], { cwd: REPO_ROOT });
});
afterAll(() => fs.rmSync(OUT, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, [MAIN, ...args], { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 });

/** The plan lines under a numbered step heading, ids masked. */
function section(stdout: string, heading: string): string[] {
  const start = stdout.indexOf(heading);
  expect(start).toBeGreaterThanOrEqual(0);
  const lines = stdout
    .slice(start + heading.length)
    .split("\n")
    .slice(1);
  const end = lines.findIndex((l) => l.trim() === "");
  return lines.slice(0, end).map((l) =>
    l
      .trim()
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<id>")
      .replace(/\s+/g, " "),
  );
}

describe("npm run demo", () => {
  it("runs the quickstart through every step, prints the plans and a summary, and exits 0", () => {
    const result = run("--engine=harness");
    const out = result.stdout;
    // The demo reports a failed step on stdout ("error: ..." lines, then "demo failed: ..."); keep them in the
    // assertion so they show.
    expect({
      status: result.status,
      stderr: result.stderr,
      failed: out.match(/^demo failed: .*$/m)?.[0],
      errors: out.match(/^ *error: .*$/gm) ?? [],
    }).toEqual({
      status: 0,
      stderr: "",
      failed: undefined,
      errors: [],
    });
    expect(out).toMatch(/emulator {2}http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toContain("driven by the simulated engine (--engine=harness)");

    expect(section(out, "1. pulumi preview")).toEqual([
      "+ create posthog:Invite teammate",
      "+ create posthog:Survey welcome-survey",
      // Each command is a new provider process, which checks the key and host (provider-kit/key-check.ts) and the
      // project and organization the program names (provider-kit/scope-check.ts) once, at its first plan.
      "plan: 2 to create · 3 HTTP requests (GET 3)",
    ]);
    expect(section(out, "2. pulumi up").slice(0, 2)).toEqual([
      "+ create posthog:Invite teammate id=<id>",
      "+ create posthog:Survey welcome-survey id=<id>",
    ]);
    expect(section(out, "2. pulumi up")).toContain("inviteStatus pending");
    // The key and scope checks, and the invite's reads of the pending invites just before and just after its POST
    // (docs/contributing/interrupted-runs.md, "Concurrent runs").
    expect(section(out, "2. pulumi up").pop()).toBe("done · 7 HTTP requests (GET 5, POST 2)");
    expect(section(out, "3. pulumi preview")).toEqual([
      "~ update posthog:Invite teammate [level] id=<id>",
      "~ update posthog:Survey welcome-survey [description] id=<id>",
      // The warning docs/guides/invites-to-membership.md promises for a pending invite's new level.
      'warning: Invite "teammate@example.com": level changed. At `pulumi up`, if teammate@example.com has not ' +
        "accepted yet, a new invitation with these terms replaces the pending one (PostHog cannot edit an invite); " +
        "if they have accepted since, only the level is applied, to their membership, and nothing is sent.",
      "plan: 2 to update · 3 HTTP requests (GET 3)",
    ]);
    expect(section(out, "4. pulumi up").pop()).toBe("done · 7 HTTP requests (GET 5, PATCH 1, POST 1)");
    expect(section(out, "5. pulumi refresh")).toEqual([
      "= in sync posthog:Invite teammate id=<id>",
      "~ refresh posthog:Survey welcome-survey [description] id=<id>",
      "done · 2 HTTP requests (GET 2)",
    ]);
    expect(section(out, "6. pulumi destroy")).toEqual([
      "- delete posthog:Invite teammate id=<id>",
      "- delete posthog:Survey welcome-survey id=<id>",
      // The survey's delete counts the project's responses first (deletion protection; it holds none).
      "done · 3 HTTP requests (DELETE 2, GET 1)",
    ]);
    const summary =
      /^summary: 2 created, 2 updated, 0 replaced, 2 deleted · 25 HTTP requests to the emulator · ([\d.]+)s$/m.exec(
        out,
      );
    expect(summary).not.toBeNull();
    expect(Number(summary![1])).toBeLessThan(60);
    // It cleans up: no state folder left behind, no config file written into the example.
    expect(fs.existsSync(path.join(REPO_ROOT, "examples/quickstart/Pulumi.demo.yaml"))).toBe(false);
  });

  it("exits non-zero when it cannot run", () => {
    const result = run("--engine=nonsense");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("--engine must be auto, cli or harness");
  });
});
