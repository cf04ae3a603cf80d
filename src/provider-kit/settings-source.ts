// Where settings come from, and under which Pulumi config namespace the user sets them. In a program (the
// TypeScript face, dynamic providers) a data function reads the program's own `posthog:*` config; in the provider
// plugin, where a function is an invoke of one configured provider, it reads that provider's settings (its
// Configure), so two explicit providers answer with their own host and key. The namespace is the one every
// message that tells the user which key to set names (config.ts, configKey): `posthog:apiKey` in a program,
// `<plugin package>:apiKey` through the plugin.
// A module of its own, loading nothing, so the plugin can set it without loading the Pulumi SDK at start.

/** The config namespace of the dynamic providers (`new pulumi.Config("posthog")`). */
export const DYNAMIC_PROVIDER_NAMESPACE = "posthog";

let source: { namespace: string; providerOnly: boolean } = {
  namespace: DYNAMIC_PROVIDER_NAMESPACE,
  providerOnly: false,
};

/** Called once by the provider plugin at start, with its package name (its stack config namespace). */
export function useProviderSettings(namespace: string): void {
  source = { namespace, providerOnly: true };
}

export function providerSettingsOnly(): boolean {
  return source.providerOnly;
}

/** The namespace of the config keys the user on this face sets (`<namespace>:<setting>`). */
export function configNamespace(): string {
  return source.namespace;
}
