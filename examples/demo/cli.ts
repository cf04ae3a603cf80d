// The demo with a real `pulumi` binary: the same steps as CLI commands, on a local file backend in a temporary
// folder, printing Pulumi's own output. Not exercised by the test suite (no CLI can be installed there).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EmulatorHandle } from "posthog-emulator";

export interface CliEdit {
  config: Record<string, string>;
  /** Runs between two commands: an edit made outside Pulumi. */
  outside?: () => Promise<void>;
}

export async function runWithCli(
  pulumi: string,
  programDir: string,
  emulator: EmulatorHandle,
  edit: CliEdit,
  log: (line: string) => void,
): Promise<void> {
  const backend = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-demo-backend-"));
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "demo-only",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    POSTHOG_API_KEY: emulator.apiKey, // the emulator's documented local key, never a real one
  };
  const run = (...args: string[]) => {
    log(`$ pulumi ${args.join(" ")}`);
    const result = spawnSync(pulumi, [...args, "--non-interactive"], {
      cwd: programDir,
      env,
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error(`pulumi ${args[0]} failed (exit ${result.status})`);
  };
  try {
    run("stack", "init", "demo");
    run("config", "set", "posthog:host", emulator.url);
    run("config", "set", "posthog:projectId", String(emulator.projectId));
    run("config", "set", "posthog:organizationId", emulator.organizationId);
    run("preview", "--diff");
    run("up", "--yes");
    for (const [key, value] of Object.entries(edit.config)) run("config", "set", key, value);
    run("preview", "--diff");
    run("up", "--yes");
    await edit.outside?.();
    run("refresh", "--yes");
    run("destroy", "--yes");
    run("stack", "rm", "demo", "--yes");
  } finally {
    fs.rmSync(backend, { recursive: true, force: true });
    fs.rmSync(path.join(programDir, "Pulumi.demo.yaml"), { force: true }); // in case `stack rm` did not run
  }
}
