// The one request a run makes before planning: `GET /api/users/@me/` with the settings in force, so a preview
// fails on a revoked key or a host that is not PostHog (issue 36) instead of planning creates that `up` would
// then refuse. Its answer tells the two apart: a 401 is PostHog refusing the key; a refused connection, an unknown
// host or an answer without PostHog's JSON body is the host. A 403 (a key without the `user:read` scope) proves
// both, so it passes. It runs once per provider process, which the engine starts for each run and each provider
// (pkg/host/host.go, defaultHost.Provider: plugin.NewProvider for each provider it loads), and every resource's
// check waits for that one answer. `checkKeyAndHost: false` (src/config.ts) skips it. Loaded by the seam on the first
// check that needs it, so a preview with the check off never loads the HTTP client.
import { PostHogApiError } from "../client";
import { callContext } from "./context";
import { describeFailure } from "./errors";

/** The answer for each host and key, shared by every check of this process. */
const answers = new Map<string, Promise<void>>();

async function ask(): Promise<void> {
  const { client } = callContext();
  try {
    await client.users.me();
  } catch (error) {
    if (error instanceof PostHogApiError && error.status === 403) return;
    throw error;
  }
}

/**
 * Resolves once PostHog has accepted the key at the host in force; otherwise rejects with the message `up` would
 * give, naming the resource `kind` (`Survey`). Only the first call per host and key sends a request.
 */
export async function checkKeyAndHost(kind: string, host: string, apiKey: string | undefined): Promise<void> {
  const id = `${host}\n${apiKey ?? ""}`;
  let answer = answers.get(id);
  if (!answer) {
    // A failure to build the client (no key) is the answer too, so every resource gets the same message.
    answer = Promise.resolve().then(ask);
    answers.set(id, answer);
  }
  try {
    await answer;
  } catch (error) {
    throw describeFailure(kind, "check the PostHog key and host before planning", error);
  }
}
