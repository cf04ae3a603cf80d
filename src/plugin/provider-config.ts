// The provider's own config (apiKey, host, projectId, organizationId and the rate and timeout settings): what
// CheckConfig, DiffConfig and Configure do with it. The keys and their parsers are the SETTINGS table of
// src/config.ts, the one the dynamic providers read as `posthog:*`; here they arrive without a prefix, as the
// properties of a provider resource (`posthog-iac:apiKey` in stack config for the default provider), and a
// refusal names them so (the plugin sets the namespace at start: provider-kit/settings-source.ts). The
// environment fallbacks stay where they are, in resolveSettings: CheckConfig never copies an environment value
// into the provider's inputs, so neither the key nor anything else from the environment reaches state.
import { readPulumiConfig, SETTINGS, setPulumiConfig, type SettingName } from "../config";
import { noteHostChange } from "../provider-kit/placement";
import { UNKNOWN } from "../provider-kit/unknown";
import { isStackMark, newStackMark } from "../ownership";
import { secret, type Props } from "./wire-values";

export const CONFIG_KEYS: readonly SettingName[] = Object.keys(SETTINGS).filter(isSetting);

/** The settings that never leave the provider in the clear. */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = new Set<SettingName>(["apiKey"]);

/** Keys the engine itself puts in a provider's inputs (pkg/resource/deploy/providers/reference.go, provider.go). */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL", "__internal"]);

/**
 * The stack's mark (ownership/stack-mark.ts) in the provider's checked config: made by the first CheckConfig
 * of the provider, kept from its old inputs by every later one, never compared by DiffConfig. Not a setting: it is
 * in no schema and no user writes it.
 */
export const STACK_MARK_KEY = "__stackMark";

// The mark this process's CheckConfig answered with. The engine persists the checked config as the provider's
// inputs even when DiffConfig finds no change (pkg/backend/snapshot.go, sameSnapshotMutation.mustWrite: "the inputs
// of a 'same' resource [may] have changed"), but it then configures the provider with its *old* inputs
// (pkg/resource/deploy/step.go, SameStep.Apply: "we want to use the old inputs"), which lack the mark on the first
// run after an upgrade. The same process serves that Configure (providers/registry.go, Registry.Same reuses the
// instance Check loaded), so Configure falls back to the mark CheckConfig made here, the one the state now holds.
const checkedMarks = new Set<string>();
let configuredMark: string | undefined;

interface Failure {
  property: string;
  reason: string;
}

/** A config value as the settings parsers take it: YAML and typed SDKs may send numbers or booleans. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null || value === UNKNOWN) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

function isSetting(key: string): key is SettingName {
  return Object.hasOwn(SETTINGS, key);
}

/** One setting of `props`, parsed as the dynamic providers parse it (throws the setting's own message). */
function parseOne(props: Props, key: SettingName): unknown {
  return readPulumiConfig((name) => (name === key ? text(props[name]) : undefined))[key];
}

/**
 * CheckConfig: each setting parsed as the dynamic providers parse it; unknown keys refused by name. The key is
 * marked secret in the answer whatever the user did, so the provider's inputs in the state hold it encrypted even
 * when it was set without `--secret`. That also means the plugin cannot warn about such a key: CheckConfig gets
 * every value with its secret mark stripped (pkg/resource/plugin/provider_plugin.go, provider.CheckConfig,
 * FilterProperties without KeepSecrets), and Configure gets this answer, secret again.
 */
export function checkConfig(news: Props, olds: Props = {}): { inputs: Props; failures: Failure[] } {
  const failures: Failure[] = [];
  for (const key of Object.keys(news)) {
    if (ENGINE_KEYS.has(key) || key === STACK_MARK_KEY) continue;
    if (!isSetting(key)) {
      failures.push({
        property: key,
        reason: `unknown setting "${key}"; the settings are ${CONFIG_KEYS.join(", ")}.`,
      });
      continue;
    }
    try {
      parseOne(news, key);
    } catch (error) {
      failures.push({ property: key, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const inputs = Object.fromEntries(
    Object.entries(news).map(([key, value]) => [key, SECRET_CONFIG_KEYS.has(key) ? secret(value) : value]),
  );
  // Kept from the old inputs (the same stack, renamed or moved to another backend, keeps its state); made anew
  // only for a provider that has none. Never taken from the program's config: a mark is the state's, not a
  // setting two stacks could share.
  const mark = isStackMark(olds[STACK_MARK_KEY]) ? olds[STACK_MARK_KEY] : newStackMark();
  checkedMarks.add(mark);
  return { inputs: { ...inputs, [STACK_MARK_KEY]: mark }, failures };
}

/** One setting as the provider would use it, for comparing; not yet known stays UNKNOWN. */
function parsedSetting(props: Props, key: SettingName): unknown {
  if (props[key] === UNKNOWN) return UNKNOWN;
  try {
    return JSON.stringify(parseOne(props, key) ?? null);
  } catch {
    return JSON.stringify(text(props[key]) ?? null); // refused at CheckConfig; compared as written
  }
}

/** The host as the provider would use it (undefined: unset or not known yet), for noting a change. */
function parsedHost(props: Props): string | undefined {
  try {
    const host = parseOne(props, "host");
    return typeof host === "string" ? host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * DiffConfig: a change of any setting updates the provider in place; none replaces it. A replaced provider makes
 * the engine replace every resource it manages, deleting each old object through the OLD provider (pulumi/pulumi
 * pkg/resource/deploy/step_generator.go, stepGenerator.providerChanged: a resource whose provider's DiffConfig says
 * replace is replaced), so a host respelled (`http://127.0.0.1:8010` and `http://localhost:8010`, PostHog's legacy
 * `https://app.posthog.com` and `https://us.posthog.com`) deleted every survey with its responses and sent every
 * invitation again (issue 50). An in-place change keeps the provider's id, and so every resource's provider
 * reference: the engine configures the very process that answered this call (pkg/resource/deploy/providers/
 * registry.go, Registry.Diff then Registry.Update: the instance Check loaded, configured with the new inputs), and
 * each resource's own Diff then decides, by a fact, whether its object is still where the settings point
 * (provider-kit/placement.ts): this call notes the old host for it. A value not yet known counts as a change.
 */
export function diffConfig(olds: Props, news: Props): { changed: boolean } {
  const differs = (key: SettingName) =>
    news[key] === UNKNOWN || parsedSetting(olds, key) !== parsedSetting(news, key);
  if (news.host !== UNKNOWN) noteHostChange(parsedHost(olds), parsedHost(news));
  return { changed: CONFIG_KEYS.some(differs) };
}

/**
 * Configure: the settings every later call of this process uses. The engine sends them as `args` (typed
 * properties) and, for older plugins, as `variables` keyed `<package>:config:<key>`; args win.
 */
export function configure(args: Props, variables: ReadonlyMap<string, string>): void {
  const fromVariables: Props = {};
  for (const [name, value] of variables) fromVariables[name.slice(name.lastIndexOf(":") + 1)] = value;
  const merged: Props = { ...fromVariables, ...args };
  setPulumiConfig((name) => text(merged[name]));
  const given = merged[STACK_MARK_KEY];
  // Without a mark in the config, the one this process's CheckConfig made, if it made exactly one (above).
  const [checked, ...others] = checkedMarks;
  configuredMark = isStackMark(given) ? given : others.length === 0 ? checked : undefined;
}

/** The stack's mark this provider was configured with; undefined when it cannot know it. */
export function stackMarkOfProvider(): string | undefined {
  return configuredMark;
}
