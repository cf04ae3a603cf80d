// Where the host, API key, project and organization come from. Resolved inside the provider process at call
// time: `configure()` config first, then the environment, then defaults. Nothing here is ever captured into
// serialized state, and the key is never echoed.
import { DEFAULT_RATE_WINDOWS_TEXT, parseRateWindows, type RateWindow } from "./rate-windows";

export const DEFAULT_HOST = "https://us.posthog.com";

export interface Settings {
  host: string;
  apiKey?: string;
  projectId?: string;
  organizationId?: string;
  /** Optional extra client-side cap (default none). */
  requestsPerSecond?: number;
  /** The host's rate windows per key (default PostHog Cloud's 480/minute and 4800/hour; [] = off). */
  rateWindows?: readonly RateWindow[];
  /** Overall time one request may take, waits and retries included (default 300 s). */
  requestDeadlineMs?: number;
  /** Per-attempt HTTP timeout (default 30 s). */
  requestTimeoutMs?: number;
  /** First retry delay (default 500 ms); retries back off exponentially from it. */
  retryBaseMs?: number;
}

/** Values from Pulumi config (`posthog:*`), set by the provider's `configure()` call. */
let fromPulumiConfig: Partial<Settings> = {};

type ConfigGetter = (key: string) => string | undefined;

const CONFIG_KEYS = {
  apiKey: "posthog:apiKey",
  host: "posthog:host",
  projectId: "posthog:projectId",
  organizationId: "posthog:organizationId",
  requestsPerSecond: "posthog:requestsPerSecond",
  rateWindows: "posthog:rateWindows",
  requestDeadlineMs: "posthog:requestDeadlineMs",
  requestTimeoutMs: "posthog:requestTimeoutMs",
  retryBaseMs: "posthog:retryBaseMs",
} as const;

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseNumber(key: string, value: string | undefined, meaning: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${key} must be a number >= 0 (${meaning}), got "${value}".`);
  return n;
}

const parseRate = (v: string | undefined) => parseNumber("requestsPerSecond", v, "0 or unset: no cap");
const parseDeadline = (v: string | undefined) =>
  parseNumber("requestDeadlineMs", v, "milliseconds per request, waits and retries included");

function parseWindows(value: string | undefined): readonly RateWindow[] | undefined {
  if (value === undefined) return undefined;
  const parsed = parseRateWindows(value);
  if (typeof parsed === "string") {
    throw new Error(
      `rateWindows must be "off" or a comma-separated list like "${DEFAULT_RATE_WINDOWS_TEXT}": ${parsed}.`,
    );
  }
  return parsed;
}
const parseTimeout = (v: string | undefined) =>
  parseNumber("requestTimeoutMs", v, "milliseconds per attempt");
const parseRetryBase = (v: string | undefined) =>
  parseNumber("retryBaseMs", v, "milliseconds before the first retry");

/** Reads the `posthog:*` keys from a Pulumi config source (the dynamic provider's configure request). */
export function readPulumiConfig(get: ConfigGetter): Partial<Settings> {
  return {
    apiKey: nonEmpty(get(CONFIG_KEYS.apiKey)),
    host: nonEmpty(get(CONFIG_KEYS.host)),
    projectId: nonEmpty(get(CONFIG_KEYS.projectId)),
    organizationId: nonEmpty(get(CONFIG_KEYS.organizationId)),
    requestsPerSecond: parseRate(nonEmpty(get(CONFIG_KEYS.requestsPerSecond))),
    rateWindows: parseWindows(nonEmpty(get(CONFIG_KEYS.rateWindows))),
    requestDeadlineMs: parseDeadline(nonEmpty(get(CONFIG_KEYS.requestDeadlineMs))),
    requestTimeoutMs: parseTimeout(nonEmpty(get(CONFIG_KEYS.requestTimeoutMs))),
    retryBaseMs: parseRetryBase(nonEmpty(get(CONFIG_KEYS.retryBaseMs))),
  };
}

/** Called from the providers' `configure()`; later calls replace earlier ones. */
export function setPulumiConfig(get: ConfigGetter): void {
  fromPulumiConfig = readPulumiConfig(get);
}

export function resetPulumiConfig(): void {
  fromPulumiConfig = {};
}

function fromEnvironment(env: NodeJS.ProcessEnv): Partial<Settings> {
  return {
    apiKey: nonEmpty(env.POSTHOG_API_KEY) ?? nonEmpty(env.POSTHOG_PERSONAL_API_KEY),
    host: nonEmpty(env.POSTHOG_HOST),
    projectId: nonEmpty(env.POSTHOG_PROJECT_ID),
    organizationId: nonEmpty(env.POSTHOG_ORGANIZATION_ID),
    requestsPerSecond: parseRate(nonEmpty(env.POSTHOG_REQUESTS_PER_SECOND)),
    rateWindows: parseWindows(nonEmpty(env.POSTHOG_RATE_WINDOWS)),
    requestDeadlineMs: parseDeadline(nonEmpty(env.POSTHOG_REQUEST_DEADLINE_MS)),
    requestTimeoutMs: parseTimeout(nonEmpty(env.POSTHOG_REQUEST_TIMEOUT_MS)),
    retryBaseMs: parseRetryBase(nonEmpty(env.POSTHOG_RETRY_BASE_MS)),
  };
}

/** Merges config over environment over defaults. `overrides` (e.g. a data function's own config) wins. */
export function resolveSettings(
  overrides: Partial<Settings> = {},
  env: NodeJS.ProcessEnv = process.env,
): Settings {
  const environment = fromEnvironment(env);
  const pick = <K extends keyof Settings>(key: K): Partial<Settings>[K] =>
    overrides[key] ?? fromPulumiConfig[key] ?? environment[key];
  return {
    host: (pick("host") ?? DEFAULT_HOST).replace(/\/+$/, ""),
    apiKey: pick("apiKey"),
    projectId: pick("projectId"),
    organizationId: pick("organizationId"),
    requestsPerSecond: pick("requestsPerSecond"),
    rateWindows: pick("rateWindows"),
    requestDeadlineMs: pick("requestDeadlineMs"),
    requestTimeoutMs: pick("requestTimeoutMs"),
    retryBaseMs: pick("retryBaseMs"),
  };
}

export function requireApiKey(settings: Settings): string {
  if (!settings.apiKey) {
    throw new Error(
      "No PostHog API key is configured. Set it with `pulumi config set --secret posthog:apiKey <personal API key>` " +
        "or the POSTHOG_API_KEY environment variable (a personal API key from PostHog > Settings > Personal API keys).",
    );
  }
  return settings.apiKey;
}

/** The project a survey lives in: its own input, else the configured default, else the key's current project. */
export function resolveProjectId(input: string | undefined, settings: Settings): string {
  return input ?? settings.projectId ?? "@current";
}

/** The organization an invite lives in: its own input, else the configured default, else the key's current org. */
export function resolveOrganizationId(input: string | undefined, settings: Settings): string {
  return input ?? settings.organizationId ?? "@current";
}
