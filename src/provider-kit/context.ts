// The PostHog client a provider call uses, built from the settings in force at call time.
import { clientFor, type PostHogClient } from "../client";
import { resolveSettings, type Settings } from "../config";
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

/**
 * callContext() for a resource's operation: no key or a host that is not a URL fails naming the resource and the
 * setting (the message says which), as its other failures do.
 */
export function callContextFor(resource: string, action: string): CallContext {
  try {
    return callContext();
  } catch (error) {
    throw describeFailure(resource, action, error);
  }
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
    // A key whose user has no current one says to set it (scope.ts); any other failure says what to fix itself.
    throw describeFailure(resource, `resolve the ${kind}`, error);
  }
}
