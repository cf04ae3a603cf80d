// Public entry: startEmulator() runs the PostHog-compatible emulator on loopback.
// An independent model of PostHog written from docs/contributing/posthog-behaviour.md; it imports nothing from
// the provider (pulumi-posthog). Choices where the reference leaves room:
// - emailing_attempt_made is false unless started with emailAvailable (or set by /_emulator/settings); no email is sent.
// - whiteLabel: true is accepted (the emulated org has the white-labelling feature).
// - PUT on one survey is 405 after its scope check (PostHog routes it as `update`, to the read serializer;
//   PATCH is the supported update).
// - The clock is real time plus an offset; reset returns it to the `now` option (or real time).
import * as http from "node:http";
import { Emulator } from "./core/emulator";
import { loadState } from "./core/persistence";
import { freshState } from "./core/state";
import { createHandler } from "./core/server";

export interface EmulatorOptions {
  /** 0 (default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** admin key; default DEFAULT_API_KEY (or the key stored in the state file) */
  apiKey?: string;
  /** JSON state file: loaded at start, saved atomically after every write and at close */
  statePath?: string;
  /** ISO date-time the emulator clock starts at (default: real time) */
  now?: string;
  /** behave as an instance with email configured: invites report emailing_attempt_made (default false) */
  emailAvailable?: boolean;
}

export interface EmulatorHandle {
  /** http://127.0.0.1:PORT, no trailing slash */
  url: string;
  apiKey: string;
  organizationId: string;
  projectId: number;
  close(): Promise<void>;
}

/** A fixed, documented, local-only key so examples work without setup. Not a secret. */
export const DEFAULT_API_KEY = "phx_emulator_default_key";

export async function startEmulator(opts: EmulatorOptions = {}): Promise<EmulatorHandle> {
  const host = opts.host ?? "127.0.0.1";
  let initialOffset = 0;
  if (opts.now !== undefined) {
    const at = Date.parse(opts.now);
    if (Number.isNaN(at)) throw new Error(`invalid emulator start time: ${opts.now}`);
    initialOffset = at - Date.now();
  }
  let data = opts.statePath ? loadState(opts.statePath) : undefined;
  if (data) {
    if (opts.apiKey) data.admin_key = opts.apiKey;
    if (opts.now !== undefined) data.clock_offset_ms = initialOffset;
  } else {
    data = freshState(opts.apiKey ?? DEFAULT_API_KEY, Date.now() + initialOffset, initialOffset);
  }
  if (opts.emailAvailable !== undefined) data.email_available = opts.emailAvailable;
  const em = new Emulator(data, initialOffset, opts.statePath);
  em.emailAvailableAtStart = data.email_available === true;
  em.save();

  let address = `${host}:0`;
  const server = http.createServer(createHandler(em, () => address));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = server.address();
  // A TCP listener reports an AddressInfo (a string is a pipe or socket path, null a closed server).
  if (bound === null || typeof bound === "string")
    throw new Error(`the server did not bind a TCP port: ${bound}`);
  const { port } = bound;
  address = `${host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      em.endWaits();
      server.close(() => resolve());
      server.closeAllConnections();
    }).then(() => em.save());
    return closing;
  };

  return {
    url: `http://${address}`,
    apiKey: data.admin_key,
    organizationId: data.org.id,
    projectId: data.projects[0].id,
    close,
  };
}

export { REQUEST_TAP_ENV, type TappedRequest } from "./core/request-tap";
