// Which organization an invite or batch lives in: its own input, else the configured default, else the key's
// current organization (resolved once to its UUID, so state never holds "@current").
import { resolveOrganizationId } from "../../config";
import { callContext } from "../common/context";

/** The organization as declared or configured; may be "@current". Used by diff, which makes no request. */
export function declaredOrganization(inputs: Record<string, unknown>): string {
  const declared = inputs.organizationId;
  return resolveOrganizationId(typeof declared === "string" ? declared : undefined, callContext().settings);
}

/** The organization's UUID, asking PostHog only when it is "@current". */
export async function resolvedOrganization(inputs: Record<string, unknown>): Promise<string> {
  const organization = declaredOrganization(inputs);
  if (organization !== "@current") return organization;
  const me = await callContext().client.users.me();
  if (!me.organization) {
    throw new Error(
      "the API key's user has no current organization: set organizationId or posthog:organizationId",
    );
  }
  return me.organization.id;
}
