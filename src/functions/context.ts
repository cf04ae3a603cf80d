// Data functions run in the program process, not the provider: settings come from the stack's `posthog:*`
// config (new pulumi.Config("posthog")), then the environment, then defaults.
import * as pulumi from "@pulumi/pulumi";
import { clientFor, type PostHogClient } from "../client";
import { concreteOrganization, concreteProject } from "../resources/common/scope";
import { readPulumiConfig, resolveSettings, type Settings } from "../config";

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
export function projectOf(ctx: FunctionContext, projectId: string | number | undefined): Promise<string> {
  return concreteProject(ctx.client, projectId, ctx.settings);
}

/** The organization UUID, asking PostHog only for "@current". */
export function organizationOf(ctx: FunctionContext, organizationId: string | undefined): Promise<string> {
  return concreteOrganization(ctx.client, organizationId, ctx.settings);
}
