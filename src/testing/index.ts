// pulumi-posthog/testing: test your own Pulumi program against the PostHog emulator. One call starts it
// on a free port and points this process at it through the POSTHOG_* environment (which the data functions
// and the providers read when no posthog:* config is set); the handle resets it between tests, reads its
// request log and, on close, stops it and puts the environment back. See docs/guides/testing-your-program.md.
//
// The emulator is the separate package `posthog-emulator`, an optional peer dependency: a program's tests need
// it, the program itself does not, so installing pulumi-posthog for a deployment does not bring a server along.
// It is loaded on the first start, and a missing one fails with the command that installs it.
//
// The declarations below are plain types: this entry point's .d.ts imports nothing, like the package's own.
import * as http from "node:http";
import type * as PostHogEmulatorPackage from "posthog-emulator";
import { z } from "zod";
import { twoSdkCopiesError } from "./sdk-copies";

/** Loads posthog-emulator from the program's dependencies, or says how to add it. */
async function loadEmulator(): Promise<typeof PostHogEmulatorPackage> {
  try {
    return await import("posthog-emulator");
  } catch (e) {
    // Only the package itself missing; an error inside an installed one is reported as it is.
    if (!(e instanceof Error && e.message.startsWith("Cannot find module 'posthog-emulator'"))) throw e;
    throw new Error(
      "pulumi-posthog/testing needs the posthog-emulator package: install it with `npm i -D posthog-emulator`",
    );
  }
}

/** Options of startPostHogEmulator. */
export interface PostHogEmulatorOptions {
  /** Start the emulator's clock at this ISO 8601 date-time (default: the real time). */
  now?: string;
  /** Behave as an instance with email set up: invites report emailing_attempt_made (default false). */
  emailAvailable?: boolean;
  /** Set the POSTHOG_* variables of this process to the emulator's (default true); restored by close(). */
  setEnvironment?: boolean;
}

/** One request the emulator answered (its test controls are not recorded). */
export interface RecordedRequest {
  /** GET, POST, PATCH or DELETE. */
  method: string;
  /** The path without the query string, e.g. /api/projects/1/surveys/. */
  path: string;
  /** The query string without "?", "" when none. */
  query: string;
  /** The HTTP status the emulator answered with. */
  status: number;
  /** The JSON body sent, or null. */
  body: unknown;
}

/** A running emulator, as startPostHogEmulator returns it: its address and key, and its test controls. */
export interface PostHogEmulator {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  /** The emulator's personal API key (a fixed, local-only test key). */
  readonly apiKey: string;
  /** The emulator's project, where surveys and flags live. */
  readonly projectId: number;
  /** The emulator's organization, where invites and members live. */
  readonly organizationId: string;
  /** The same settings as stack config, for `pulumi.runtime.setConfig` or an Automation API stack. */
  readonly config: Readonly<Record<string, string>>;
  /** The POSTHOG_* variables pointing at the emulator (set in this process unless setEnvironment is false). */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * Empties the emulator: surveys, flags, invites, members added since the start, faults, the request log; a request
   * still waiting out a latency fault is dropped, so it never lands in the next test's log.
   */
  reset(): Promise<void>;
  /** The requests answered since the start or the last reset or clearRequests, oldest first. */
  requests(): Promise<RecordedRequest[]>;
  /** Empties the request log and nothing else. */
  clearRequests(): Promise<void>;
  /** Stops the emulator and restores the POSTHOG_* variables it set. */
  close(): Promise<void>;
}

/** Starts the emulator on a free port of 127.0.0.1 and, by default, points this process at it. */
export async function startPostHogEmulator(options: PostHogEmulatorOptions = {}): Promise<PostHogEmulator> {
  // Run from the program's folder (docs/guides/testing-your-program.md): the SDK the program loads resolves from it.
  const copies = twoSdkCopiesError(process.cwd(), __dirname);
  if (copies) throw copies;
  const handle = await (
    await loadEmulator()
  ).startEmulator({
    port: 0,
    now: options.now,
    emailAvailable: options.emailAvailable,
  });
  const environment: Record<string, string> = {
    POSTHOG_HOST: handle.url,
    POSTHOG_API_KEY: handle.apiKey,
    POSTHOG_PROJECT_ID: String(handle.projectId),
    POSTHOG_ORGANIZATION_ID: handle.organizationId,
    // The emulator does not throttle unless asked to, so the client need not pace itself to PostHog's limits.
    POSTHOG_RATE_WINDOWS: "off",
  };
  const saved = new Map<string, string | undefined>();
  if (options.setEnvironment !== false) {
    for (const [name, value] of Object.entries(environment)) {
      saved.set(name, process.env[name]);
      process.env[name] = value;
    }
  }
  const control = (method: string, path: string) => controlCall(handle.url, handle.apiKey, method, path);
  let closed = false;
  return {
    url: handle.url,
    apiKey: handle.apiKey,
    projectId: handle.projectId,
    organizationId: handle.organizationId,
    config: {
      "posthog:host": handle.url,
      "posthog:apiKey": handle.apiKey,
      "posthog:projectId": String(handle.projectId),
      "posthog:organizationId": handle.organizationId,
      "posthog:rateWindows": "off",
    },
    environment,
    reset: async () => void (await control("POST", "/_emulator/reset")),
    requests: async () => {
      const { requests } = requestLog.parse(await control("GET", "/_emulator/requests"));
      return requests.map(({ method, path, query, status, body }) => ({ method, path, query, status, body }));
    },
    clearRequests: async () => void (await control("DELETE", "/_emulator/requests")),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await handle.close();
    },
  };
}

/** The emulator's request log (GET /_emulator/requests), as far as RecordedRequest reads it. */
const requestLog = z.object({
  requests: z.array(
    z.object({
      method: z.string(),
      path: z.string(),
      query: z.string(),
      status: z.number(),
      body: z.unknown(),
    }),
  ),
});

/** One call to the emulator's test controls, on its own connection (a kept-alive socket would hold close()). */
function controlCall(url: string, apiKey: string, method: string, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      { method, agent: false, headers: { Authorization: `Bearer ${apiKey}` } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          if ((res.statusCode ?? 0) >= 300) {
            reject(new Error(`emulator ${method} ${path} answered ${res.statusCode}: ${text}`));
            return;
          }
          const parsed: unknown = text === "" ? undefined : JSON.parse(text);
          resolve(parsed);
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
