// The PostHog client a provider call uses, built from the settings in force at call time.
import { clientFor, type PostHogClient } from "../client";
import { configKey, resolveSettings, type Settings } from "../config";
import { resolveScope, type ScopeKind } from "../scope";
import { describeFailure } from "./errors";

export interface CallContext {
  client: PostHogClient;
  settings: Settings;
}

export function callContext(): CallContext {
  const settings = resolveSettings();
  return { client: clientFor(settings), settings };
}

/** The concrete project or organization for a create; a failure names the resource and the setting to set. */
export async function scopeForCreate(
  resource: string,
  kind: ScopeKind,
  input: unknown,
  { client, settings }: CallContext,
): Promise<string> {
  try {
    return await resolveScope(kind, input, settings, client);
  } catch (error) {
    const setting = `${kind}Id` as const;
    throw describeFailure(resource, `resolve the ${kind}`, error, `Set ${setting} or ${configKey(setting)}.`);
  }
}
