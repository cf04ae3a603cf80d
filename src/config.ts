// Where every setting comes from. Resolved inside the running process at call time: an explicit override
// first (a data function's or export's own arguments), then Pulumi config (`posthog:*` in a program,
// `posthog-iac:*` through the plugin; set by the provider's `configure()`), then the environment, then the
// default. Nothing here is ever captured into
// serialized state, and the key is never echoed.
//
// SETTINGS is the one place a setting is written: its name, environment variables, parser and default. No setting's
// change replaces the plugin's provider or a resource (plugin/provider-config.ts, DiffConfig; provider-kit/placement.ts). Its config key is `<namespace>:<name>`, the namespace being the face's
// (provider-kit/settings-source.ts); configKey() is the one place that joins them, for every message.
// The Settings type, the config reader, the environment reader and the resolver all derive from it.
// This module imports nothing of the client (only the pure rate-windows parser), so a preview (check/diff) can
// read settings without loading the HTTP client.
import {
  DEFAULT_RATE_WINDOWS_TEXT,
  parseRateWindows,
  POSTHOG_CLOUD_RATE_WINDOWS,
  type RateWindow,
} from "./rate-windows";
import {
  commandLineFlags,
  configNamespace,
  explicitProviderName,
  setElsewhere,
} from "./provider-kit/settings-source";
import { rememberSecret } from "./scrub";

export const DEFAULT_HOST = "https://us.posthog.com";

interface Setting<T> {
  /** Environment variables, the first non-empty one wins. */
  env: readonly string[];
  /** Turns the trimmed, non-empty text into the value; throws a message naming the setting. */
  parse(text: string, name: string): T;
  default?: T;
}

const text = (value: string): string => value;

/** A number >= 0; `meaning` says what it measures, for the error. */
function nonNegative(meaning: string): (value: string, name: string) => number {
  return (value, name) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0)
      throw new Error(`${name} must be a number >= 0 (${meaning}), got "${value}".`);
    return n;
  };
}

/** Node's timer maximum: a longer delay overflows to 1 ms (setTimeout), so no timer setting may exceed it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds from `min` to Node's timer maximum; `meaning` says what they measure, for the error. */
function milliseconds(meaning: string, min: number): (value: string, name: string) => number {
  return (value, name) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > MAX_TIMER_MS)
      throw new Error(
        `${name} must be a number of milliseconds from ${min} to ${MAX_TIMER_MS} (${meaning}), got "${value}".`,
      );
    return n;
  };
}

/** "true" or "false". */
function boolean(value: string, name: string): boolean {
  if (value === "true" || value === "false") return value === "true";
  throw new Error(`${name} must be true or false, got "${value}".`);
}

/** An http(s) URL: the client sends the key to it, so nothing else (ftp:, javascript:, a bare name) is taken. */
function httpHost(value: string, name: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.hostname === "") {
    throw new Error(
      `${name} must be an http(s) URL such as ${DEFAULT_HOST} or http://127.0.0.1:8010, got "${value}".`,
    );
  }
  const base = value.replace(/\/+$/, "");
  // A path is kept (a PostHog behind a proxy at https://example.com/posthog), but one ending in /api is the API's
  // own root copied from PostHog's docs: every request path already starts with /api/ (src/client), so it would
  // ask /api/api/users/@me/ and get a bare 404.
  if (/\/api$/i.test(new URL(base).pathname)) {
    const without = base.replace(/\/api$/i, "");
    throw new Error(
      `${name} is PostHog's address without the API path, such as ${DEFAULT_HOST}: the provider adds /api/… to ` +
        `each request itself, so "${value}" would be asked for ${without}/api/api/…. Set it to ${without}.`,
    );
  }
  return base;
}

/**
 * The key as text. Config holding an object or a list (a YAML map, `pulumi config set --path`) arrives as its
 * JSON; it is refused by what it is, never echoed.
 */
function apiKeyText(value: string, name: string): string {
  const kind = /^[[{]/.test(value) ? jsonKind(value) : undefined;
  if (kind) throw new Error(`${name} must be a personal API key (text such as phx_…), got ${kind}.`);
  rememberSecret(value);
  return value;
}

function jsonKind(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? "a list"
      : typeof parsed === "object" && parsed !== null
        ? "an object"
        : undefined;
  } catch {
    return undefined;
  }
}

/** Checks each row against Setting while keeping its own value type. */
const rows = <T extends { [name: string]: Setting<unknown> }>(table: T): T => table;

export const SETTINGS = rows({
  /** The PostHog host to talk to (default https://us.posthog.com; https://eu.posthog.com or your own). */
  host: {
    env: ["POSTHOG_HOST"],
    parse: httpHost,
    default: DEFAULT_HOST,
  },
  /** A personal API key with the scopes the resources need (survey:write, organization_member:write, …). */
  apiKey: { env: ["POSTHOG_API_KEY", "POSTHOG_PERSONAL_API_KEY"], parse: apiKeyText },
  /** The project (numeric id) resources and data functions use when they name none; unset: the key's current project. */
  projectId: { env: ["POSTHOG_PROJECT_ID"], parse: text },
  /** The organization (UUID) invites use when they name none; unset: the key's current organization. */
  organizationId: { env: ["POSTHOG_ORGANIZATION_ID"], parse: text },
  // The check: provider-kit/key-check.ts.
  /**
   * Ask PostHog once per run, before the first resource is planned, whose key this is (`GET /api/users/@me/`), and
   * once per project or organization the resources name whether it is there, so that a revoked key, a host that is
   * not PostHog or a wrong projectId fails at preview with the message `up` would give; false skips these requests
   * (a preview that must not reach PostHog).
   */
  checkKeyAndHost: {
    env: ["POSTHOG_CHECK_KEY_AND_HOST"],
    parse: boolean,
    default: true,
  },
  /** An optional extra client-side cap per host+key, on top of the rate windows; off by default. */
  requestsPerSecond: {
    env: ["POSTHOG_REQUESTS_PER_SECOND"],
    parse: nonNegative("0 or unset: no cap"),
  },
  /** The host's rate windows per personal API key, mirrored by the client's scheduler; "off" for none. */
  rateWindows: {
    env: ["POSTHOG_RATE_WINDOWS"],
    parse: (value: string, name: string): readonly RateWindow[] => {
      const parsed = parseRateWindows(value);
      if (typeof parsed === "string") {
        throw new Error(
          `${name} must be "off" or a comma-separated list like "${DEFAULT_RATE_WINDOWS_TEXT}": ${parsed}.`,
        );
      }
      return parsed;
    },
    default: POSTHOG_CLOUD_RATE_WINDOWS,
  },
  /** The most one request may take, waits and retries included; a rate wait that cannot fit fails at once. */
  requestDeadlineMs: {
    env: ["POSTHOG_REQUEST_DEADLINE_MS"],
    parse: milliseconds("per request, waits and retries included", 1),
    default: 300_000,
  },
  /** How long one HTTP attempt may take. */
  requestTimeoutMs: {
    env: ["POSTHOG_REQUEST_TIMEOUT_MS"],
    parse: milliseconds("per attempt", 1),
    default: 30_000,
  },
  /** The first retry delay; retries back off exponentially from it. */
  retryBaseMs: {
    env: ["POSTHOG_RETRY_BASE_MS"],
    parse: milliseconds("before the first retry", 0),
    default: 500,
  },
  // The cache: provider-kit/list-cache.ts.
  /** How long a finished listing (of surveys, flags, invites or members) is reused; 0 turns the cache off. */
  listCacheTtlMs: {
    env: ["POSTHOG_LIST_CACHE_TTL_MS"],
    parse: milliseconds("a listing is reused; 0 turns the cache off", 0),
    default: 10_000,
  },
});

type Table = typeof SETTINGS;
export type SettingName = keyof Table;
type ValueOf<K extends SettingName> = ReturnType<Table[K]["parse"]>;

/** Every setting, resolved: those with a default are always set. */
export type Settings = {
  [K in SettingName]: Table[K] extends { default: unknown } ? ValueOf<K> : ValueOf<K> | undefined;
};

const NAMES = Object.keys(SETTINGS) as SettingName[];

type ConfigGetter = (name: SettingName) => string | undefined;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The config key of a setting as the user on this face sets it: `posthog:apiKey`, or `posthog-iac:apiKey`; on a
 * command line (export), its flag or else its environment variable.
 */
export function configKey(name: SettingName): string {
  const flags = commandLineFlags();
  if (flags) return flags[name] ?? SETTINGS[name].env[0];
  return `${configNamespace()}:${name}`;
}

/**
 * Where the provider that runs this takes a setting from: configKey's stack config for the dynamic providers and a
 * default provider; for an explicit provider resource, its own input (an explicit provider reads no stack config).
 */
export function providerSetting(name: SettingName): string {
  const explicit = explicitProviderName();
  return explicit === undefined ? configKey(name) : `the ${name} input of provider "${explicit}"`;
}

/**
 * Where a user sets a setting, for a message that tells them to change it: the face's config key and the
 * environment variable (`posthog:host (or the POSTHOG_HOST environment variable)`); on a command line, the flag
 * and the variable (`--host (or the POSTHOG_HOST environment variable)`), or the variable alone.
 */
export function whereToSet(name: SettingName): string {
  const row: Setting<unknown> = SETTINGS[name];
  const flags = commandLineFlags();
  if (flags && flags[name] === undefined) return `the ${row.env[0]} environment variable`;
  return `${configKey(name)} (or the ${row.env[0]} environment variable)`;
}

/**
 * Where the project or organization of a request is named: the resource's own input or the setting; on a command
 * line (export), the flag or the variable alone.
 */
export function whereScopeIsSet(name: "projectId" | "organizationId"): string {
  return commandLineFlags() ? whereToSet(name) : `the resource's ${name} or ${whereToSet(name)}`;
}

/**
 * One source of text (config, environment, arguments) parsed through the table; unset keys are left out. A
 * value the parser refuses is named as `labelOf` gives it (the config key for config, the bare name otherwise).
 */
function parseSource(
  textOf: (name: SettingName) => string | undefined,
  labelOf: (name: SettingName) => string = (name) => name,
): Partial<Settings> {
  const parsed: { [name: string]: unknown } = {};
  for (const name of NAMES) {
    const value = nonEmpty(textOf(name));
    if (value !== undefined)
      parsed[name] = (SETTINGS[name].parse as Setting<unknown>["parse"])(value, labelOf(name));
  }
  return parsed as Partial<Settings>;
}

/**
 * Reads the settings from a Pulumi config source, asked by setting name (the namespace is the caller's: the
 * dynamic provider's configure request, the program's `posthog` config, the plugin's provider inputs).
 */
export function readPulumiConfig(get: ConfigGetter): Partial<Settings> {
  return parseSource(get, configKey);
}

/** Settings given as text by a caller (export's options), parsed as config and environment values are. */
export function readArguments(values: { [K in SettingName]?: string }): Partial<Settings> {
  return parseSource((name) => values[name]);
}

/** The environment's text for each setting, first variable set wins. */
const environmentText = (env: NodeJS.ProcessEnv, name: SettingName): string | undefined =>
  SETTINGS[name].env.map((variable) => nonEmpty(env[variable])).find(Boolean);

/**
 * The last environment read, by the text of its variables: every engine call resolves the settings, and parsing
 * them again each time was a measurable share of a provider's work per resource (docs/contributing/performance.md).
 * A changed variable changes the text, so it is read again.
 */
let lastEnvironment: { text: string; settings: Partial<Settings> } | undefined;

function readEnvironment(env: NodeJS.ProcessEnv): Partial<Settings> {
  const text = NAMES.map((name) => environmentText(env, name) ?? "").join("\0");
  if (lastEnvironment?.text === text) return lastEnvironment.settings;
  const settings = parseSource((name) => environmentText(env, name));
  lastEnvironment = { text, settings };
  return settings;
}

/** Values from Pulumi config, set by the provider's `configure()` call. */
let fromPulumiConfig: Partial<Settings> = {};

/** Called from the providers' `configure()`; later calls replace earlier ones. */
export function setPulumiConfig(get: ConfigGetter): void {
  fromPulumiConfig = readPulumiConfig(get);
}

export function resetPulumiConfig(): void {
  fromPulumiConfig = {};
}

/** Merges overrides over config over environment over defaults. */
export function resolveSettings(
  overrides: Partial<Settings> = {},
  env: NodeJS.ProcessEnv = process.env,
): Settings {
  const environment = readEnvironment(env);
  const resolved: { [name: string]: unknown } = {};
  for (const name of NAMES) {
    const row: Setting<unknown> = SETTINGS[name];
    resolved[name] = overrides[name] ?? fromPulumiConfig[name] ?? environment[name] ?? row.default;
  }
  return resolved as Settings;
}

export function requireApiKey(settings: Settings): string {
  const misplaced = settings.apiKey ? undefined : setElsewhere("apiKey");
  if (misplaced) {
    // A key is set, under the other face's namespace: say so, and name the key this face reads.
    throw new Error(
      `No PostHog API key is set under ${configKey("apiKey")}, which ${misplaced.readHere} read. The stack sets ` +
        `${misplaced.key} instead, which only ${misplaced.readBy} read. Set the key this program's resources ` +
        `read: \`pulumi config set --secret ${configKey("apiKey")} <personal API key>\` (and ` +
        `\`pulumi config rm ${misplaced.key}\` if nothing else reads it), or the POSTHOG_API_KEY environment variable.`,
    );
  }
  if (!settings.apiKey) {
    throw new Error(
      `No PostHog API key is configured. Set it with \`pulumi config set --secret ${configKey("apiKey")} <personal API key>\` ` +
        "or the POSTHOG_API_KEY environment variable (a personal API key from PostHog > Settings > Personal API keys).",
    );
  }
  return settings.apiKey;
}
