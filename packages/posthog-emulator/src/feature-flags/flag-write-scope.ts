// Survey writes that create, change, attach or delete a feature flag also need `feature_flag:write`
// (or `*`). PostHog only logs the gap today and refuses it once an internal rollout flag is on; the
// emulator refuses when `rollouts.enforceFlagWriteScope` is set (POST /_emulator/rollouts).
// PostHog: products/feature_flags/backend/api/feature_flag.py, assert_feature_flag_write_scope
import type { Ctx } from "../core/context";
import { permissionDenied } from "../core/errors";

export function assertFlagWriteScope(ctx: Ctx, resourceScope: string): void {
  const { scopes } = ctx.principal;
  if (scopes.includes("*") || scopes.includes("feature_flag:write")) return;
  if (!ctx.core.rollouts.enforceFlagWriteScope) return;
  const site = `http://${ctx.req.host(ctx.hostFallback)}`;
  throw permissionDenied(
    `This action also modifies a feature flag, which requires the \`feature_flag:write\` scope in addition to \`${resourceScope}\`. ` +
      `Add \`feature_flag:write\` to your personal API key at ${site}/settings/user-api-keys (editing its scopes keeps the same key value), or use a key with the \`*\` scope.`,
  );
}
