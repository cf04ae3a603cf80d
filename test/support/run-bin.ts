// Runs one of the repo's built commands in its own process, as a user's shell would, with only
// the POSTHOG_* variables given: what it prints and its exit code. Asynchronous, so an emulator running in the
// test's own process can answer it. Needs `npm run build`.
import { execFile } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./self-link";

export interface BinResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Each command's built script: the provider's CLI in dist, the emulator's in its workspace package. */
const SCRIPTS = {
  "pulumi-posthog": "dist/cli/pulumi-posthog.js",
  emulator: "packages/posthog-emulator/dist/cli/emulator.js",
} as const;

export function runBin(
  bin: "pulumi-posthog" | "emulator",
  args: string[],
  posthogEnv: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<BinResult> {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("POSTHOG_")) env[name] = value;
  Object.assign(env, posthogEnv);
  const script = path.join(REPO_ROOT, SCRIPTS[bin]);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { env, encoding: "utf8", timeout: timeoutMs },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
