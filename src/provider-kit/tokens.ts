// The Pulumi package name and type tokens of the provider plugin: the one place they are written. The plugin's
// server, the package schema (src/plugin/schema.ts) and the function mocks (provider-kit/function-mocks.ts) all
// read them from here. The package is "posthog-iac", not "posthog", so a program can use it beside the bridged
// Terraform provider, whose package is named "posthog" (its tokens are "posthog:index:...").

export const PACKAGE_NAME = "posthog-iac";

/** The executable the engine starts: `pulumi-resource-<package>`, the name the plugin host looks for. */
export const PLUGIN_EXECUTABLE = `pulumi-resource-${PACKAGE_NAME}`;

/** The provider resource's own token (an explicit `new Provider(...)`), as the engine names it. */
export const PROVIDER_TOKEN = `pulumi:providers:${PACKAGE_NAME}`;

const token = <N extends string>(name: N): `${typeof PACKAGE_NAME}:index:${N}` =>
  `${PACKAGE_NAME}:index:${name}`;

/** Resource types, by their name in the schema. */
export const RESOURCE_TOKENS = {
  Survey: token("Survey"),
  Invite: token("Invite"),
  InviteBatch: token("InviteBatch"),
} as const;

/** Data functions (invokes), by their name in the TypeScript package. */
export const FUNCTION_TOKENS = {
  getSurveys: token("getSurveys"),
  getSurvey: token("getSurvey"),
  getInvites: token("getInvites"),
  getMembers: token("getMembers"),
  getSurveyResponsesCount: token("getSurveyResponsesCount"),
  getFeatureFlag: token("getFeatureFlag"),
} as const;

export type ResourceName = keyof typeof RESOURCE_TOKENS;
export type FunctionName = keyof typeof FUNCTION_TOKENS;
