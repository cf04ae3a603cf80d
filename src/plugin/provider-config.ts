// The provider's own config (apiKey, host, projectId, organizationId and the rate and timeout settings): what
// CheckConfig, DiffConfig and Configure do with it. The keys and their parsers are the SETTINGS table of
// src/config.ts, the one the dynamic providers read as `posthog:*`; here they arrive without a prefix, as the
// properties of a provider resource (`posthog-iac:apiKey` in stack config for the default provider). The
// environment fallbacks stay where they are, in resolveSettings: CheckConfig never copies an environment value
// into the provider's inputs, so neither the key nor anything else from the environment reaches state.
import { readPulumiConfig, SETTINGS, setPulumiConfig, type SettingName } from "../config";
import { UNKNOWN } from "../provider-kit/unknown";
import { secret, type Props } from "./wire-values";

export const CONFIG_KEYS: readonly SettingName[] = Object.keys(SETTINGS).filter(isSetting);

/** The settings that never leave the provider in the clear. */
export const SECRET_CONFIG_KEYS: ReadonlySet<string> = new Set<SettingName>(["apiKey"]);

/** Keys the engine itself puts in a provider's inputs (pkg/resource/deploy/providers/reference.go, provider.go). */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL", "__internal"]);

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
  return readPulumiConfig((configKey) =>
    configKey === SETTINGS[key].configKey ? getter(props)(configKey) : undefined,
  )[key];
}

/** The text of setting `name` in provider properties. */
function getter(props: Props): (configKey: string) => string | undefined {
  return (configKey) => text(props[configKey.slice(configKey.indexOf(":") + 1)]);
}

/** CheckConfig: each setting parsed as the dynamic providers parse it; unknown keys refused by name. */
export function checkConfig(news: Props): { inputs: Props; failures: Failure[] } {
  const failures: Failure[] = [];
  for (const key of Object.keys(news)) {
    if (ENGINE_KEYS.has(key)) continue;
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
  return { inputs, failures };
}

/** The parsed value of each setting, for comparing two configs as the provider would use them. */
function parsedSettings(props: Props): string {
  const parsed: Props = {};
  for (const key of CONFIG_KEYS) {
    try {
      parsed[key] = parseOne(props, key);
    } catch {
      parsed[key] = text(props[key]); // refused at CheckConfig; compared as written
    }
  }
  return JSON.stringify(parsed);
}

/**
 * DiffConfig: a changed host moves every resource to another PostHog, so the provider (and with it its
 * resources) is replaced; any other change (a rotated key, a new timeout) updates it in place. A value not yet
 * known counts as a change.
 */
export function diffConfig(olds: Props, news: Props): { changed: boolean; replaces: string[] } {
  const unknown = CONFIG_KEYS.filter((key) => news[key] === UNKNOWN);
  const changed = unknown.length > 0 || parsedSettings(olds) !== parsedSettings(news);
  const hostOf = (props: Props) => (props.host === UNKNOWN ? UNKNOWN : parsedSettings({ host: props.host }));
  const replaces = hostOf(olds) !== hostOf(news) ? ["host"] : [];
  return { changed, replaces };
}

/**
 * Configure: the settings every later call of this process uses. The engine sends them as `args` (typed
 * properties) and, for older plugins, as `variables` keyed `<package>:config:<key>`; args win.
 */
export function configure(args: Props, variables: ReadonlyMap<string, string>): void {
  const fromVariables: Props = {};
  for (const [name, value] of variables) fromVariables[name.slice(name.lastIndexOf(":") + 1)] = value;
  setPulumiConfig(getter({ ...fromVariables, ...args }));
}
