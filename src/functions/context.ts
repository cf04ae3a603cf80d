// Data functions run in the program process, not the provider: settings come from the stack's `posthog:*`
// config (new pulumi.Config("posthog")), then the environment, then defaults.
import * as pulumi from "@pulumi/pulumi";
import type { PostHogClient } from "../client";
import { clientFor } from "../resources/common/context";
import {
  readPulumiConfig,
  resolveOrganizationId,
  resolveProjectId,
  resolveSettings,
  type Settings,
} from "../config";

export interface FunctionContext {
  client: PostHogClient;
  settings: Settings;
}

export function functionContext(): FunctionContext {
  const config = new pulumi.Config("posthog");
  const settings = resolveSettings(readPulumiConfig((key) => config.get(key.slice("posthog:".length))));
  return { client: clientFor(settings), settings };
}

/** The project id as a number-like string, asking PostHog only for "@current". */
export async function projectOf(
  ctx: FunctionContext,
  projectId: string | number | undefined,
): Promise<string> {
  const project = resolveProjectId(projectId === undefined ? undefined : String(projectId), ctx.settings);
  if (project !== "@current") return project;
  const me = await ctx.client.users.me();
  if (!me.team)
    throw new Error("the API key's user has no current project: pass projectId or set posthog:projectId");
  return String(me.team.id);
}

/** The organization UUID, asking PostHog only for "@current". */
export async function organizationOf(
  ctx: FunctionContext,
  organizationId: string | undefined,
): Promise<string> {
  const organization = resolveOrganizationId(organizationId, ctx.settings);
  if (organization !== "@current") return organization;
  const me = await ctx.client.users.me();
  if (!me.organization) {
    throw new Error(
      "the API key's user has no current organization: pass organizationId or set posthog:organizationId",
    );
  }
  return me.organization.id;
}
