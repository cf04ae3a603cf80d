// Every message that tells the user which setting to set names it under the config namespace of the face they
// are on: `posthog:*` in a program (dynamic providers), `posthog-iac:*` once the provider plugin has started.
// The plugin's own path is covered end to end in test/plugin/engine-path.test.ts; this file runs each message
// built from SETTINGS in one process, before and after the plugin's switch (useProviderSettings).
import { buildErrorMessage } from "../../src/client/errors";
import { readPulumiConfig, requireApiKey, resolveSettings } from "../../src/config";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { useProviderSettings } from "../../src/provider-kit/settings-source";
import { concreteScope } from "../../src/scope";

const noKey = () => requireApiKey(resolveSettings({}, {}));
const refused = () => buildErrorMessage({ method: "GET", path: "/api/users/@me/", status: 401 });
const scopeMissing = () =>
  buildErrorMessage({
    method: "POST",
    path: "/api/projects/1/surveys/",
    status: 403,
    detail: "API key missing required scope 'survey:write'",
  });
const noProject = () =>
  concreteScope("project", "@current", async () => ({ team: null, organization: null }));
const badTimeout = () => readPulumiConfig((name) => (name === "requestTimeoutMs" ? "-1" : undefined));

function messages(namespace: string): void {
  expect(noKey).toThrow(
    `No PostHog API key is configured. Set it with \`pulumi config set --secret ${namespace}:apiKey <personal API key>\` ` +
      "or the POSTHOG_API_KEY environment variable (a personal API key from PostHog > Settings > Personal API keys).",
  );
  expect(refused()).toContain(
    `missing or invalid: set ${namespace}:apiKey (as a secret: pulumi config set --secret ${namespace}:apiKey <key>)`,
  );
  expect(scopeMissing()).toMatch(new RegExp(`and set it as ${namespace}:apiKey$`));
  expect(badTimeout).toThrow(
    `${namespace}:requestTimeoutMs must be a number of milliseconds from 1 to 2147483647 (per attempt), got "-1".`,
  );
}

test("in a program, the messages name the posthog:* keys; after the plugin starts, its own", async () => {
  messages("posthog");
  await expect(noProject()).rejects.toThrow(
    "the API key's user has no current project: set projectId (or posthog:projectId)",
  );

  useProviderSettings(PACKAGE_NAME);
  messages("posthog-iac");
  await expect(noProject()).rejects.toThrow(
    "the API key's user has no current project: set projectId (or posthog-iac:projectId)",
  );
  for (const message of [refused(), scopeMissing()]) expect(message).not.toContain("posthog:");
});
