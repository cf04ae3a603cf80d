// What `export` says when the key is missing, refused or short of a scope. The provider's own messages point at
// `pulumi config set posthog:apiKey`, which export never reads: it takes the key from the environment only.
import { describeFailure, PostHogApiError } from "../client";
import { SETTINGS } from "../config";

const KEY_VARIABLE = SETTINGS.apiKey.env[0];
const WHERE_KEYS_ARE = "PostHog > Settings > Personal API keys";

/** A failure already worded for export; passed through unchanged by exportFailure. */
export class ExportError extends Error {}

export function missingKey(): ExportError {
  return new ExportError(
    `No PostHog API key: set the ${KEY_VARIABLE} environment variable to a personal API key (${WHERE_KEYS_ARE}) ` +
      "with the survey:read scope, and organization_member:read for invites.",
  );
}

/** How to do without the `users/@me` lookup that "@current" needs. */
const SKIP_LOOKUP =
  "or pass --project <id> and --organization <id> (or --no-invites) so the key's current project and " +
  "organization are not looked up";

/**
 * `error` worded for export. `lookingUpUser`: it came from the `users/@me` call that resolves the key's
 * current project and organization, the one call that --project and --organization avoid.
 */
export function exportFailure(error: unknown, lookingUpUser = false): Error {
  if (error instanceof ExportError || !(error instanceof PostHogApiError)) {
    return error instanceof Error ? error : new Error(String(error));
  }
  const what = describeFailure(error).replace(/\.$/, "");
  if (error.status === 401) {
    return new ExportError(
      `${what}. PostHog refused the key in ${KEY_VARIABLE}: set it to a valid personal API key (${WHERE_KEYS_ARE}).`,
    );
  }
  const scope = error.status === 403 ? /scope '([^']+)'/.exec(error.detail ?? "")?.[1] : undefined;
  if (scope !== undefined) {
    const fix = `The key in ${KEY_VARIABLE} lacks the scope '${scope}': create a key with it (${WHERE_KEYS_ARE})`;
    return new ExportError(`${what}. ${fix}${lookingUpUser ? `, ${SKIP_LOOKUP}` : ""}.`);
  }
  return error;
}
