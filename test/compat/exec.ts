// Runs a command to completion without throwing: the suite reports failures per cell, it does not stop on one.
import { execFile } from "node:child_process";

export interface Outcome {
  ok: boolean;
  stdout: string;
  stderr: string;
}

const TEN_MINUTES = 10 * 60 * 1000;

export function exec(
  file: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env ?? cleanEnv(), timeout: TEN_MINUTES, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

/** The environment a user's shell would have: none of jest's, ts-node's or Pulumi's variables leak in. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(NODE_PATH|NODE_OPTIONS|TS_NODE_|PULUMI_|JEST_|npm_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** Runs `jobs` with at most `limit` at a time, keeping their order in the result. */
export async function pool<T, R>(items: T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await job(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
