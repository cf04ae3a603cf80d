// getFeatureFlag: one of the project's feature flags, found by its key (ids differ between projects and hosts).
import * as pulumi from "@pulumi/pulumi";
import { findFlagByKey, unknownFlagKey } from "./lookup";
import { functionContext, projectOf } from "../../provider-kit/function-context";
import { mockedAnswer } from "../../provider-kit/function-mocks";
import { checkArgs } from "../../provider-kit/function-args";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { featureFlagArgs } from "./function-args";

/** The arguments of getFeatureFlag and getFeatureFlagOutput. */
export interface GetFeatureFlagArgs {
  /** The flag's key, exactly (case-sensitive). */
  key: string;
  /** Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. */
  projectId?: string | number;
}
const _featureFlagArgsFit: FitsPublic<typeof featureFlagArgs, GetFeatureFlagArgs> = true;

/** A feature flag as getFeatureFlag reads it from PostHog. */
export interface FeatureFlagInfo {
  /** The project the flag belongs to. */
  projectId: string;
  /** The flag's id (differs between projects and hosts). */
  id: number;
  /** The flag's key. */
  key: string;
  /** The flag's description. */
  name: string;
  /** Whether the flag is on. */
  active: boolean;
  /** Release conditions: `{groups: [...], ...}` as PostHog holds them. */
  filters: Record<string, unknown>;
}

/** One feature flag of a project, found by its key. */
export async function getFeatureFlag(given: GetFeatureFlagArgs): Promise<FeatureFlagInfo> {
  const args = checkArgs("getFeatureFlag", featureFlagArgs, given);
  const mocked = mockedAnswer<FeatureFlagInfo>("getFeatureFlag", args);
  if (mocked) return mocked;
  const ctx = functionContext();
  const projectId = await projectOf(ctx, args.projectId);
  const flag = await findFlagByKey(ctx.client, projectId, args.key);
  if (!flag) throw new Error(`getFeatureFlag: ${unknownFlagKey("key", args.key, projectId).message}`);
  return {
    projectId,
    id: flag.id,
    key: flag.key,
    name: flag.name ?? "",
    active: flag.active ?? false,
    filters: flag.filters ?? {},
  };
}

/** getFeatureFlag with Pulumi Inputs as arguments, returning an Output. */
export function getFeatureFlagOutput(
  args: pulumi.Input<{ [K in keyof GetFeatureFlagArgs]: pulumi.Input<GetFeatureFlagArgs[K]> }>,
): pulumi.Output<FeatureFlagInfo> {
  return pulumi.output(args).apply((a) => getFeatureFlag(a));
}
