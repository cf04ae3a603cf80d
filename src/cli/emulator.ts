#!/usr/bin/env node
// posthog-emulator: node dist/cli/emulator.js [--port N] [--api-key KEY] [--state FILE] [--now ISO] [--email-available] [--json]
import { DEFAULT_API_KEY, startEmulator, type EmulatorOptions } from "../emulator";

interface CliArgs extends EmulatorOptions {
  json: boolean;
}

const USAGE =
  "usage: posthog-emulator [--port N] [--api-key KEY] [--state FILE] [--now ISO] [--email-available] [--json]";

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--port": {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("--port must be 0-65535");
        args.port = port;
        break;
      }
      case "--api-key":
        args.apiKey = value();
        break;
      case "--state":
        args.statePath = value();
        break;
      case "--now":
        args.now = value();
        break;
      case "--email-available":
        args.emailAvailable = true;
        break;
      case "--json":
        args.json = true;
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${flag}`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`posthog-emulator: ${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const handle = await startEmulator(args);
  if (args.json) {
    const { url, apiKey, organizationId, projectId } = handle;
    process.stdout.write(`${JSON.stringify({ url, apiKey, organizationId, projectId })}\n`);
  } else {
    // A key the user chose is not echoed; the default one is documented and local-only.
    const keyText =
      handle.apiKey === DEFAULT_API_KEY
        ? handle.apiKey
        : "(not shown: the --api-key value or the one in the state file)";
    console.log(
      [
        "PostHog emulator listening",
        `  url:             ${handle.url}`,
        `  api key:         ${keyText}`,
        `  organization id: ${handle.organizationId}`,
        `  project id:      ${handle.projectId}`,
        `  state file:      ${args.statePath ?? "(in memory)"}`,
        "",
        `  export POSTHOG_HOST=${handle.url}`,
        "Press Ctrl+C to stop.",
      ].join("\n"),
    );
  }
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
