// The PostHog client a provider call uses, built from the settings in force at call time. One client per
// host+key per process, so the pace and connection pool are shared by every resource the engine runs.
import { createClient, PostHogClient } from "../../client";
import { requireApiKey, resolveSettings, setPulumiConfig, Settings } from "../../config";

const clients = new Map<string, PostHogClient>();

export interface CallContext {
  client: PostHogClient;
  settings: Settings;
}

export function callContext(): CallContext {
  const settings = resolveSettings();
  const apiKey = requireApiKey(settings);
  const cacheKey = `${settings.host}\u0000${apiKey}\u0000${settings.requestsPerSecond ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = createClient({ host: settings.host, apiKey, requestsPerSecond: settings.requestsPerSecond });
    clients.set(cacheKey, client);
  }
  return { client, settings };
}

/** The dynamic provider's `configure()` request. */
export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

export async function configureProvider(req: ConfigureRequest): Promise<void> {
  setPulumiConfig((key) => req.config.get(key));
}
