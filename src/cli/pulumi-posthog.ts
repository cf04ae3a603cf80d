#!/usr/bin/env node
// pulumi-posthog: the package's command line. One subcommand so far:
//   pulumi-posthog export [--project ID] [--organization ID] [--host URL] [--no-invites] [--out FILE]
// The API key comes from POSTHOG_API_KEY (or POSTHOG_PERSONAL_API_KEY), never from a flag: flags end up in
// shell history and process lists.
import fs from "node:fs";
import { exportProgram, type ExportOptions } from "../export";

const USAGE = `usage: pulumi-posthog export [options]

Writes a Pulumi TypeScript program declaring the surveys and pending invites that exist in PostHog, each
adopting what exists: the first \`pulumi up\` takes them over without creating anything.

options:
  --project ID        project to export surveys from (default POSTHOG_PROJECT_ID, then the key's current project)
  --organization ID   organization to export pending invites from (default POSTHOG_ORGANIZATION_ID, then the key's current one)
  --host URL          PostHog host (default POSTHOG_HOST, then https://us.posthog.com)
  --no-invites        surveys only
  --out FILE          write the program to FILE (default: standard output)

environment:
  POSTHOG_API_KEY     a personal API key with survey:read (and organization_member:read for invites)`;

class UsageError extends Error {}

interface ExportArgs extends ExportOptions {
  out?: string;
}

function parseExportArgs(argv: string[]): ExportArgs {
  const args: ExportArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--project":
        args.projectId = value();
        break;
      case "--organization":
        args.organizationId = value();
        break;
      case "--host":
        args.host = value();
        break;
      case "--out":
        args.out = value();
        break;
      case "--no-invites":
        args.invites = false;
        break;
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
  }
  return args;
}

async function runExport(argv: string[]): Promise<void> {
  const { out, ...options } = parseExportArgs(argv);
  const result = await exportProgram(options);
  for (const note of result.skipped) process.stderr.write(`note: left out ${note}\n`);
  if (out === undefined) {
    process.stdout.write(result.source);
    return;
  }
  fs.writeFileSync(out, result.source);
  const invites = options.invites === false ? "" : ` and ${result.invites} pending invite(s)`;
  process.stderr.write(`wrote ${result.surveys} survey(s)${invites} to ${out}\n`);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "--help" || command === "-h" || command === undefined) {
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    }
    if (command !== "export") throw new UsageError(`unknown command ${command}`);
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    await runExport(rest);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`pulumi-posthog: ${message}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
