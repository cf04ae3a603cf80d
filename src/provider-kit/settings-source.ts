// Where settings come from, and under which Pulumi config namespace the user sets them. In a program (the
// TypeScript face, dynamic providers) a data function reads the program's own `posthog:*` config; in the provider
// plugin, where a function is an invoke of one configured provider, it reads that provider's settings (its
// Configure), so two explicit providers answer with their own host and key. The namespace is the one every
// message that tells the user which key to set names (config.ts, configKey): `posthog:apiKey` in a program,
// `<plugin package>:apiKey` through the plugin.
// A module of its own, loading nothing, so the plugin can set it without loading the Pulumi SDK at start.

import { PACKAGE_NAME } from "./tokens";

/** The config namespace of the dynamic providers (`new pulumi.Config("posthog")`). */
export const DYNAMIC_PROVIDER_NAMESPACE = "posthog";

let source: {
  namespace: string;
  providerOnly: boolean;
  /** On a command line (export): each setting's flag, where it has one; no Pulumi config is read. */
  flags?: { readonly [name: string]: string };
} = {
  namespace: DYNAMIC_PROVIDER_NAMESPACE,
  providerOnly: false,
};

/** Called once by the provider plugin at start, with its package name (its stack config namespace). */
export function useProviderSettings(namespace: string): void {
  source = { namespace, providerOnly: true };
}

/**
 * Called by a command line that reads flags and environment variables only (`pulumi-posthog export`), with the
 * flag of each setting that has one: every message then names the flag or the variable, never Pulumi config.
 */
export function useCommandLineSettings(flags: { readonly [name: string]: string }): void {
  source = { ...source, flags };
}

/** On a command line: the flags by setting name; undefined in a Pulumi program or the plugin. */
export function commandLineFlags(): { readonly [name: string]: string } | undefined {
  return source.flags;
}

export function providerSettingsOnly(): boolean {
  return source.providerOnly;
}

// The name of the explicit provider resource this plugin process serves; undefined for a default provider (which
// reads the stack's config) and on the dynamic face. The engine starts one plugin process per provider resource.
let explicitProvider: string | undefined;

/**
 * Called at Configure with the provider resource's URN. The engine names a default provider `default…`
 * (pulumi/pulumi pkg/resource/deploy/providers/reference.go, IsDefaultProvider: the name's prefix "default").
 */
export function noteProviderUrn(urn: string): void {
  const name = urn.includes("::pulumi:providers:") ? urn.slice(urn.lastIndexOf("::") + 2) : "";
  explicitProvider = name !== "" && !name.startsWith("default") ? name : undefined;
}

/** The explicit provider resource's name this process serves, when it serves one (noteProviderUrn). */
export function explicitProviderName(): string | undefined {
  return explicitProvider;
}

/** The namespace of the config keys the user on this face sets (`<namespace>:<setting>`). */
export function configNamespace(): string {
  return source.namespace;
}

/** What reads each face's namespace (a plural, for "… read"), for a message about a setting under the other one. */
const READERS: { readonly [namespace: string]: string } = {
  [DYNAMIC_PROVIDER_NAMESPACE]:
    "the pulumi-posthog npm package's TypeScript classes (Survey, Invite, InviteBatch)",
  [PACKAGE_NAME]: `the resources of the ${PACKAGE_NAME} provider plugin (the Python, Go, Java, YAML and Node.js SDKs)`,
};

/** The namespace of the other face: the plugin's package for the dynamic face, and `posthog` for the plugin. */
export function otherNamespace(): string {
  return source.providerOnly ? DYNAMIC_PROVIDER_NAMESPACE : PACKAGE_NAME;
}

/** The settings this stack sets under the other face's namespace, by name; recorded by each face's Configure. */
let elsewhere: readonly string[] = [];

/** Records the settings (by name, never their values) the stack sets under `otherNamespace()`. */
export function noteSettingsElsewhere(names: readonly string[]): void {
  elsewhere = [...names];
}

/**
 * For a setting this face's namespace lacks: where the stack sets it instead, under the other face's namespace,
 * and who reads that one (`posthog:apiKey` in a YAML stack, whose plugin reads `posthog-iac:apiKey`). Undefined
 * when the other namespace does not have it either.
 */
export function setElsewhere(name: string): { key: string; readBy: string; readHere: string } | undefined {
  if (!elsewhere.includes(name)) return undefined;
  const other = otherNamespace();
  return {
    key: `${other}:${name}`,
    readBy: READERS[other] ?? other,
    readHere: READERS[configNamespace()] ?? "",
  };
}
