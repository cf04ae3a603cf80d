// The plugin's package name and tokens are written once in provider-kit/tokens.ts (the function mocks read them
// too, and provider-kit sits below the plugin); this module keeps the plugin's own name for them.
export * from "../provider-kit/tokens";
