// Where a survey or invite lives: the resource's own input, else the configured default, else the key's
// current project/organization. "@current" is resolved once (GET /api/users/@me/) so state and outputs always
// hold the concrete id. Shared by the providers and the data functions.
import type { PostHogClient } from "../../client";
import { resolveOrganizationId, resolveProjectId, type Settings } from "../../config";

const asId = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : String(value);

/** The project as declared or configured, without a request; may be "@current". */
export function declaredProject(input: unknown, settings: Settings): string {
  return resolveProjectId(asId(input), settings);
}

/** The organization as declared or configured, without a request; may be "@current". */
export function declaredOrganization(input: unknown, settings: Settings): string {
  return resolveOrganizationId(asId(input), settings);
}

/** The project's numeric id, asking PostHog only when it is "@current". */
export async function concreteProject(
  client: PostHogClient,
  input: unknown,
  settings: Settings,
): Promise<string> {
  const project = declaredProject(input, settings);
  if (project !== "@current") return project;
  const me = await client.users.me();
  if (!me.team) {
    throw new Error("the API key's user has no current project: set projectId (or posthog:projectId)");
  }
  return String(me.team.id);
}

/** The organization's UUID, asking PostHog only when it is "@current". */
export async function concreteOrganization(
  client: PostHogClient,
  input: unknown,
  settings: Settings,
): Promise<string> {
  const organization = declaredOrganization(input, settings);
  if (organization !== "@current") return organization;
  const me = await client.users.me();
  if (!me.organization) {
    throw new Error(
      "the API key's user has no current organization: set organizationId (or posthog:organizationId)",
    );
  }
  return me.organization.id;
}
