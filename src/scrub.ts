// The one scrubber: every text that leaves the provider for a person (an error message on either face, a
// warning, a command line's output) and every string PostHog hands back passes through here, so the API key
// never reaches a terminal, a log or state, whichever layer let it through. It also caps a message's length:
// an error travels to the engine as a gRPC status whose message rides in HTTP/2 trailers (percent-encoded, and
// again inside grpc-status-details-bin for an init failure), and Node's http2 refuses to send a header block
// over 64 KiB (maxSendHeaderBlockLength), which leaves the call unanswered. The cap keeps the worst case
// (every character a 3-byte UTF-8 code unit, percent-encoded, twice) well under that.
// Pure: imports nothing, so a preview (check/diff) can use it without loading the HTTP client.

/** What a secret is replaced with. */
export const REDACTED = "[secret]";

/** The longest message handed to a face. 4,000 code units × (9 bytes percent-encoded + 4 base64) < 64 KiB. */
export const MAX_MESSAGE_CHARS = 4000;

/** Shorter secrets would redact ordinary words; real keys are long. */
const MIN_SECRET_LENGTH = 8;

/** Every key this process has been given (config, environment, a client's options). */
const secrets = new Set<string>();

/** Remembers a key so that every later message is scrubbed of it. */
export function rememberSecret(value: unknown): void {
  if (typeof value === "string" && value.trim().length >= MIN_SECRET_LENGTH) {
    secrets.add(value);
    secrets.add(value.trim());
  }
}

/** Whether `text` holds a key this process knows, or something shaped like one. */
export function holdsSecret(text: string): boolean {
  return scrub(text) !== text;
}

/** `text` without any known key, PostHog personal key (phx_…) or bearer token. */
export function scrub(text: string): string {
  let out = text;
  // Longest first, so a key that contains another is replaced whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out
    .replace(/phx_[A-Za-z0-9_-]+/g, REDACTED)
    .replace(/(bearer\s+)(?!\[secret\])[^\s"',;]+/gi, `$1${REDACTED}`);
}

/**
 * `text` at most `max` characters: its head and its tail (where a client message puts PostHog's own answer),
 * with how much was cut between them.
 */
export function capped(text: string, max: number = MAX_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max / 4);
  const marker = ` […${text.length - max} characters cut…] `;
  const head = Math.max(0, max - tail - marker.length);
  return text.slice(0, head) + marker + text.slice(text.length - tail);
}

/** A message as a face may show it: scrubbed, then capped. */
export function scrubMessage(text: string): string {
  return capped(scrub(text));
}

/**
 * The error as a face may throw it: its message (and an init failure's reasons) scrubbed and capped, its stack
 * emptied (it repeats the raw message). Empty rather than the message again: the SDK's dynamic provider prints a
 * failed check, diff, read or delete as `${e}: ${e.stack}` on its stderr (sdk/nodejs/cmd/dynamic-provider), which
 * the engine shows under the stack, so a stack holding the message printed it twice on one line. The same
 * object, so its class and fields stay for callers.
 */
export function scrubError(error: unknown): Error {
  const e = error instanceof Error ? error : new Error(String(error));
  e.message = scrubMessage(e.message);
  e.stack = "";
  if ("reasons" in e && Array.isArray(e.reasons)) e.reasons = e.reasons.map((r) => scrubMessage(String(r)));
  return e;
}

/**
 * A value from PostHog with every string that holds a key masked; `onMasked` hears the paths masked (never
 * the values). For outputs: a survey whose description echoes the key must not carry it into state.
 */
export function maskSecrets<T>(value: T, onMasked: (path: string) => void, path = ""): T {
  if (typeof value === "string") {
    if (!holdsSecret(value)) return value;
    onMasked(path || "(the answer)");
    return scrub(value) as T;
  }
  if (Array.isArray(value)) {
    return value.map((item, i) => maskSecrets(item, onMasked, `${path}[${i}]`)) as T;
  }
  if (typeof value === "object" && value !== null) {
    const out: { [key: string]: unknown } = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: a key named "__proto__" stays a plain key, as JSON.parse made it.
      Object.defineProperty(out, key, {
        value: maskSecrets(item, onMasked, path ? `${path}.${key}` : key),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out as T;
  }
  return value;
}

/** How loud a message is; the engine shows both at normal verbosity (a debug message it hides). */
export type MessageSeverity = "warning" | "info";

/** Where messages go once scrubbed: one writer for the whole process, set by the face that serves it. */
export type MessageSink = (severity: MessageSeverity, text: string) => void;

/**
 * Until a face connects the engine's log service (provider-kit/engine-log.ts), a message goes to stderr: that
 * is where a unit test or a command line sees it. The engine itself never shows a plugin's stderr as a warning.
 */
const toStderr: MessageSink = (severity, text) => void process.stderr.write(`${severity}: ${text}\n`);

let sink: MessageSink = toStderr;

/** Sends every later message to `next` (undefined: back to stderr). */
export function setMessageSink(next: MessageSink | undefined): void {
  sink = next ?? toStderr;
}

/**
 * A warning for the person running Pulumi, scrubbed. The outcome it reports (e.g. "already a member") is not an
 * error, so it must not fail the step.
 */
export function warn(message: string): void {
  sink("warning", scrubMessage(message));
}

/** An informational message for the person running Pulumi, scrubbed. */
export function inform(message: string): void {
  sink("info", scrubMessage(message));
}
