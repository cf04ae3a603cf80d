// The `posthog-emulator` command as a user runs it (the built bin, its own process): exact help, version and
// the message for each mistake. Needs `npm run build`. Starting it is covered by invites-cli and persistence.
import { spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";
import { startEmulator } from "posthog-emulator";
import { runBin } from "../support/run-bin";
import { version } from "../../packages/posthog-emulator/package.json";

const emulatorCli = (args: string[]) => runBin("emulator", args);

const USAGE = `usage: posthog-emulator [options]

Serves a PostHog-compatible API on 127.0.0.1 for development, demos and CI, until Ctrl+C.

options:
      --port N           port to listen on, 0-65535; 0 picks a free one
                         default: 0
      --api-key KEY      the personal API key the emulator accepts
                         default: phx_emulator_default_key, or the key kept in --state
      --state FILE       keep everything in FILE as JSON: loaded at start, saved after every write
                         default: in memory, gone at exit
      --now ISO          start the emulator clock at this date-time, e.g. 2026-01-15T09:00:00Z
                         default: the real time
      --email-available  behave as an instance with email set up: invites report emailing_attempt_made
                         default: off
      --json             print one JSON line {"url","apiKey","organizationId","projectId","pid"} instead of the summary
                         default: off
  -h, --help             print this help and exit
  -v, --version          print the version and exit
`;

const usageError = (message: string) => ({
  code: 2,
  stdout: "",
  stderr: `posthog-emulator: ${message}\nRun posthog-emulator --help for usage.\n`,
});

it("--help and -h list every option with its default; --version and -v print the version", async () => {
  expect(await emulatorCli(["--help"])).toEqual({ code: 0, stdout: USAGE, stderr: "" });
  expect(await emulatorCli(["--port", "0", "-h"])).toEqual({ code: 0, stdout: USAGE, stderr: "" });
  expect(await emulatorCli(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  expect(await emulatorCli(["-v"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
});

it("names an unknown option, a missing or unwanted value and a stray argument", async () => {
  expect(await emulatorCli(["--host", "0.0.0.0"])).toEqual(usageError("unknown option --host"));
  expect(await emulatorCli(["-p", "8010"])).toEqual(usageError("unknown option -p"));
  expect(await emulatorCli(["--port"])).toEqual(usageError("--port needs a value (--port N)"));
  expect(await emulatorCli(["--state", "--json"])).toEqual(
    usageError("--state needs a value (--state FILE)"),
  );
  expect(await emulatorCli(["--json=true"])).toEqual(usageError("--json takes no value"));
  expect(await emulatorCli(["8010"])).toEqual(usageError('unexpected argument "8010"'));
});

it("refuses a port or a start time it cannot use, showing the form it takes", async () => {
  for (const port of ["70000", "-1", "80.5", "http"]) {
    expect(await emulatorCli(["--port", port])).toEqual(
      usageError(`--port must be a whole number from 0 to 65535, got "${port}"`),
    );
  }
  for (const now of ["01/12/2026", "March 7", "2026-13-40"]) {
    expect(await emulatorCli(["--now", now])).toEqual(
      usageError(`--now must be an ISO 8601 date-time such as 2026-01-15T09:00:00Z, got "${now}"`),
    );
  }
});

it("says how to get past a port that is in use", async () => {
  const first = await startEmulator({ port: 0 });
  try {
    const port = new URL(first.url).port;
    expect(await emulatorCli(["--port", port])).toEqual({
      code: 1,
      stdout: "",
      stderr: `posthog-emulator: port ${port} is in use: pass another --port, or --port 0 for a free one\n`,
    });
  } finally {
    await first.close();
  }
});

it("the start-up summary prints both exports a shell needs: the host and the emulator's own key", async () => {
  const child = spawn(
    process.execPath,
    [
      "-r",
      path.join(REPO_ROOT, "test/emulator/ts-register.js"),
      path.join(REPO_ROOT, "packages/posthog-emulator/src/cli/emulator.ts"),
      "--port",
      "0",
    ],
    { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  try {
    const out = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout?.on("data", (d: Buffer) => {
        text += d.toString();
        if (text.includes("Press Ctrl+C")) resolve(text);
      });
      child.once("exit", (code) => reject(new Error(`emulator exited early (${code}): ${text}`)));
    });
    const url = /url: +(\S+)/.exec(out)?.[1];
    expect(out).toContain(
      `  export POSTHOG_HOST=${url}\n  export POSTHOG_API_KEY=phx_emulator_default_key\n`,
    );
  } finally {
    child.kill("SIGTERM");
  }
});
