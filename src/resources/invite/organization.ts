// Which organization an invite or batch lives in (see ../common/scope.ts), for the invite providers.
import { resolveSettings } from "../../config";
import { callContext } from "../common/context";
import { concreteOrganization, declaredOrganization as declared } from "../common/scope";

/** The organization as declared or configured; may be "@current". Used by diff, which makes no request. */
export function declaredOrganization(inputs: Record<string, unknown>): string {
  return declared(inputs.organizationId, resolveSettings());
}

/** The organization's UUID, asking PostHog only when it is "@current". */
export async function resolvedOrganization(inputs: Record<string, unknown>): Promise<string> {
  const { client, settings } = callContext();
  return concreteOrganization(client, inputs.organizationId, settings);
}
