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
  return { client: clientFor(settings), settings };
}

/** The shared client for these settings (the key must be set). */
export function clientFor(settings: Settings): PostHogClient {
  const apiKey = requireApiKey(settings);
  const { host, requestsPerSecond, rateWindows, requestDeadlineMs, requestTimeoutMs, retryBaseMs } = settings;
  const cacheKey = JSON.stringify([
    host,
    apiKey,
    requestsPerSecond,
    rateWindows,
    requestDeadlineMs,
    requestTimeoutMs,
    retryBaseMs,
  ]);
  let client = clients.get(cacheKey);
  if (!client) {
    client = createClient({
      host,
      apiKey,
      requestsPerSecond,
      rateWindows,
      deadlineMs: requestDeadlineMs,
      timeoutMs: requestTimeoutMs,
      retryBaseMs,
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** The dynamic provider's `configure()` request. */
export interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

export async function configureProvider(req: ConfigureRequest): Promise<void> {
  setPulumiConfig((key) => req.config.get(key));
}
