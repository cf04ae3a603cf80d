// The PostHog client a provider call uses, built from the settings in force at call time.
import { clientFor, type PostHogClient } from "../../client";
import { resolveSettings, type Settings } from "../../config";

export interface CallContext {
  client: PostHogClient;
  settings: Settings;
}

export function callContext(): CallContext {
  const settings = resolveSettings();
  return { client: clientFor(settings), settings };
}
