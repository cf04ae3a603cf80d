// test/support/run-command.ts: every command a test runs has a time limit, past which it is killed with every process
// below it and the test fails naming the command and what it printed; a failed command's message carries its output.
import fs from "node:fs";
import os from "node:os";
import { CommandFailed, runCommand } from "../support/run-command";

/** Whether `pid` is running: a killed process its new parent has not reaped yet is a zombie ('Z'), not running. */
const running = (pid: number): boolean => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
};

test("a command past its time limit is killed with the processes below it, and fails with its output", async () => {
  const started = Date.now();
  // The shell starts a child of its own and waits for it: a hang two levels deep.
  const run = runCommand("sh", ["-c", "sleep 60 & echo waiting on $!; echo to stderr >&2; wait"], {
    cwd: os.tmpdir(),
    env: process.env,
    timeoutMs: 1_000,
  });
  const message = await run.then(
    () => "the command succeeded",
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  expect(Date.now() - started).toBeLessThan(30_000);
  expect(message).toMatch(/^timed out after 1 s \(killed with every process below it\): sh -c sleep 60 &/);
  expect(message).toContain("--- stdout\nwaiting on ");
  expect(message).toContain("--- stderr\nto stderr\n");
  const sleeper = Number(/waiting on (\d+)/.exec(message)?.[1]);
  expect(sleeper).toBeGreaterThan(0);
  expect(running(sleeper)).toBe(false);
});

test("a command that fails is a CommandFailed naming it, with its exit code and output", async () => {
  const error = await runCommand("sh", ["-c", "echo out; echo err >&2; exit 3"], {
    cwd: os.tmpdir(),
    env: process.env,
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandFailed);
  if (!(error instanceof CommandFailed)) return;
  expect({ code: error.code, stdout: error.stdout, stderr: error.stderr }).toEqual({
    code: 3,
    stdout: "out\n",
    stderr: "err\n",
  });
  expect(error.message).toBe(
    "sh -c echo out; echo err >&2; exit 3 failed (exit code 3): sh -c echo out; echo err >&2; exit 3\n" +
      "--- stdout\nout\n\n--- stderr\nerr\n",
  );
});

test("a command that succeeds gives what it printed", async () => {
  await expect(
    runCommand("sh", ["-c", "echo fine"], { cwd: os.tmpdir(), env: process.env }),
  ).resolves.toEqual({
    stdout: "fine\n",
    stderr: "",
  });
});
