#!/usr/bin/env node
// posthog-emulator: starts the PostHog-compatible emulator and prints where it listens (`--help` for options).
import { packageVersion } from "./version";
import { DEFAULT_API_KEY, startEmulator, type EmulatorOptions } from "..";
import { describeOptions, readOptions, UsageError, type OptionTable } from "@pulumi-posthog/cli-options";

const OPTIONS = {
  port: {
    type: "string",
    placeholder: "N",
    description: "port to listen on, 0-65535; 0 picks a free one",
    default: "0",
  },
  "api-key": {
    type: "string",
    placeholder: "KEY",
    description: "the personal API key the emulator accepts",
    default: `${DEFAULT_API_KEY}, or the key kept in --state`,
  },
  state: {
    type: "string",
    placeholder: "FILE",
    description: "keep everything in FILE as JSON: loaded at start, saved after every write",
    default: "in memory, gone at exit",
  },
  now: {
    type: "string",
    placeholder: "ISO",
    description: "start the emulator clock at this date-time, e.g. 2026-01-15T09:00:00Z",
    default: "the real time",
  },
  "email-available": {
    type: "boolean",
    description: "behave as an instance with email set up: invites report emailing_attempt_made",
    default: "off",
  },
  json: {
    type: "boolean",
    description:
      'print one JSON line {"url","apiKey","organizationId","projectId","pid"} instead of the summary',
    default: "off",
  },
  help: { type: "boolean", short: "h", description: "print this help and exit" },
  version: { type: "boolean", short: "v", description: "print the version and exit" },
} satisfies OptionTable;

const USAGE = `usage: posthog-emulator [options]

Serves a PostHog-compatible API on 127.0.0.1 for development, demos and CI, until Ctrl+C.

options:
${describeOptions(OPTIONS)}`;

/** A date, or a date-time with an optional zone: Date.parse alone also takes "01/02" and "March 7". */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

type Command =
  { kind: "help" } | { kind: "version" } | { kind: "run"; options: EmulatorOptions; json: boolean };

function readCommand(argv: string[]): Command {
  const values = readOptions(argv, OPTIONS);
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  const options: EmulatorOptions = {};
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) {
      throw new UsageError(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
    }
    options.port = port;
  }
  if (values["api-key"] !== undefined) options.apiKey = values["api-key"];
  if (values.state !== undefined) options.statePath = values.state;
  if (values.now !== undefined) {
    // Checked here rather than in startEmulator so the message names the flag and shows the form it takes.
    if (!ISO_DATE_TIME.test(values.now) || Number.isNaN(Date.parse(values.now))) {
      throw new UsageError(
        `--now must be an ISO 8601 date-time such as 2026-01-15T09:00:00Z, got "${values.now}"`,
      );
    }
    options.now = values.now;
  }
  if (values["email-available"]) options.emailAvailable = true;
  return { kind: "run", options, json: values.json === true };
}

function summary(
  url: string,
  apiKey: string,
  organizationId: string,
  projectId: number,
  state?: string,
): string {
  // A key the user chose is not echoed; the default one is documented and local-only.
  const keyText =
    apiKey === DEFAULT_API_KEY ? apiKey : "(not shown: the --api-key value or the one in the state file)";
  return [
    "PostHog emulator listening",
    `  url:             ${url}`,
    `  api key:         ${keyText}`,
    `  organization id: ${organizationId}`,
    `  project id:      ${projectId}`,
    `  state file:      ${state ?? "(in memory)"}`,
    "",
    `  export POSTHOG_HOST=${url}`,
    // The default key is the emulator's own fake one (not a secret); a key of the user's own stays unprinted.
    `  export POSTHOG_API_KEY=${apiKey === DEFAULT_API_KEY ? apiKey : "<the --api-key value>"}`,
    "Press Ctrl+C to stop.",
  ].join("\n");
}

async function main(): Promise<void> {
  let command: Command;
  try {
    command = readCommand(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`posthog-emulator: ${e.message}\nRun posthog-emulator --help for usage.\n`);
    process.exit(2);
  }
  if (command.kind === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command.kind === "version") {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  const handle = await startEmulator(command.options).catch((e: unknown) => {
    if (!(e instanceof Error && "code" in e && e.code === "EADDRINUSE")) throw e;
    throw new Error(
      `port ${command.options.port} is in use: pass another --port, or --port 0 for a free one`,
    );
  });
  const { url, apiKey, organizationId, projectId } = handle;
  // The pid is the emulator's own: a script that started it through npx (npm exec -> sh -> node) stops it with it,
  // since npm exec forwards no signal to the command it runs and `sh` has no job control without a terminal.
  if (command.json)
    process.stdout.write(`${JSON.stringify({ url, apiKey, organizationId, projectId, pid: process.pid })}\n`);
  else console.log(summary(url, apiKey, organizationId, projectId, command.options.statePath));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    handle.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e: unknown) => {
  console.error(`posthog-emulator: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
