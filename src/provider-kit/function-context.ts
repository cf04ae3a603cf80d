// Data functions run in the program process, not the provider: settings come from the stack's `posthog:*`
// config (new pulumi.Config("posthog")), then the environment, then defaults.
import * as pulumi from "@pulumi/pulumi";
import type { PostHogClient } from "../client";
import { readPulumiConfig, resolveSettings, type Settings } from "../config";
import { resolveScope } from "../scope";
import { DYNAMIC_PROVIDER_NAMESPACE, providerSettingsOnly } from "./settings-source";

export interface FunctionContext {
  client: PostHogClient;
  settings: Settings;
}

/** The settings a data function runs with. */
export function functionSettings(): Settings {
  if (providerSettingsOnly()) return resolveSettings();
  const config = new pulumi.Config(DYNAMIC_PROVIDER_NAMESPACE);
  return resolveSettings(readPulumiConfig((name) => config.get(name)));
}

export function functionContext(): FunctionContext {
  const settings = functionSettings();
  // Loaded on the first call: a program that only declares resources never loads the HTTP client (axios).
  const { clientFor } = require("../client") as typeof import("../client");
  return { client: clientFor(settings), settings };
}

/** The project id as a number-like string, asking PostHog only for "@current". */
export function projectOf(ctx: FunctionContext, projectId: string | number | undefined): Promise<string> {
  return resolveScope("project", projectId, ctx.settings, ctx.client);
}

/** The organization UUID, asking PostHog only for "@current". */
export function organizationOf(ctx: FunctionContext, organizationId: string | undefined): Promise<string> {
  return resolveScope("organization", organizationId, ctx.settings, ctx.client);
}
