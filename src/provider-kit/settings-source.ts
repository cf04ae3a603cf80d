// Where a data function takes its settings from. In a program (the TypeScript face) it is the program's own
// `posthog:*` config; in the provider plugin, where a function is an invoke of one configured provider, it is
// that provider's settings (its Configure), so two explicit providers answer with their own host and key.
// A module of its own, loading nothing, so the plugin can set it without loading the Pulumi SDK at start.
let pluginProcess = false;

/** Called once by the provider plugin at start. */
export function useProviderSettings(): void {
  pluginProcess = true;
}

export function providerSettingsOnly(): boolean {
  return pluginProcess;
}
