#!/usr/bin/env node
// pulumi-posthog: the package's command line, one command so far (`export`; `--help` for options). The API key
// comes from the environment, never from a flag: flags end up in shell history and process lists.
import fs from "node:fs";
import { packageVersion } from "../client/user-agent";
import { DEFAULT_HOST, type SettingName } from "../config";
import { scrub, scrubMessage } from "../scrub";
import { EXPORT_FORMATS, exportProgram, type ExportOptions, type ExportResult } from "../export";
import { PACKAGE_NAME } from "../provider-kit/tokens";
import { unprovenInvitesWarning } from "../export/unproven-invites";
import { useCommandLineSettings } from "../provider-kit/settings-source";
import { describeOptions, readOptions, UsageError, type OptionTable } from "@pulumi-posthog/cli-options";

const HELP_OPTIONS = {
  help: { type: "boolean", short: "h", description: "print this help and exit" },
  version: { type: "boolean", short: "v", description: "print the version and exit" },
} satisfies OptionTable;

const EXPORT_OPTIONS = {
  project: {
    type: "string",
    placeholder: "ID",
    description: "project to export surveys from",
    default: "POSTHOG_PROJECT_ID, then the key's current project",
  },
  organization: {
    type: "string",
    placeholder: "ID",
    description: "organization to export pending invites and members from",
    default: "POSTHOG_ORGANIZATION_ID, then the key's current organization",
  },
  host: {
    type: "string",
    placeholder: "URL",
    description: "PostHog host",
    default: `POSTHOG_HOST, then ${DEFAULT_HOST}`,
  },
  "no-invites": { type: "boolean", description: "export surveys only", default: "off" },
  "include-managed": {
    type: "boolean",
    description: "also export the surveys a Pulumi stack created (their question ids are this provider's)",
    default: "off: left out and counted",
  },
  format: {
    type: "string",
    placeholder: "FORMAT",
    description: `${EXPORT_FORMATS.join(" or ")}: a TypeScript program, or the file of \`pulumi import --file\``,
    default: "program",
  },
  out: {
    type: "string",
    placeholder: "FILE",
    description: "write the program to FILE",
    default: "standard output",
  },
  help: HELP_OPTIONS.help,
} satisfies OptionTable;

const USAGE = `usage: pulumi-posthog <command> [options]

commands:
  export   write a Pulumi program that adopts the surveys, invites and members that exist in PostHog

options:
${describeOptions(HELP_OPTIONS)}

Run pulumi-posthog export --help for the options of export.`;

const EXPORT_USAGE = `usage: pulumi-posthog export [options]

Writes a Pulumi TypeScript program declaring the surveys, pending invites and members that exist in
PostHog, each adopting what exists: the first \`pulumi up\` takes them over without creating anything.
With --format import, writes the file \`pulumi import --file\` takes instead, for a program in any
language on the posthog-iac plugin. Surveys a Pulumi stack created with this provider are left out
(counted on standard error) unless --include-managed: a second stack must not manage them too.

options:
${describeOptions(EXPORT_OPTIONS)}

environment:
  POSTHOG_API_KEY  a personal API key (POSTHOG_PERSONAL_API_KEY when unset); the only place the key is read.
                   Scopes: survey:read; organization_member:read for invites; user:read to look up the
                   key's current project or organization`;

interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The export options that set a setting of src/config.ts, named in every message about that setting. */
const SETTING_FLAGS = {
  host: "--host",
  projectId: "--project",
  organizationId: "--organization",
} as const satisfies { [K in SettingName]?: `--${keyof typeof EXPORT_OPTIONS}` };

/** Where `pulumi import --file` must run: with the plugin's settings naming the project and organization read. */
function importNote(result: ExportResult): string {
  const settings = [`${PACKAGE_NAME}:projectId ${result.projectId}`];
  if (result.organizationId !== undefined)
    settings.push(`${PACKAGE_NAME}:organizationId ${result.organizationId}`);
  // `--out` outside the program's folder: Go's generated code is a whole program (package main with its own main),
  // so written beside main.go it breaks the build ("main redeclared in this block").
  return (
    `Import it with \`pulumi import --file <file> --out ../imported.<py|go|yaml>\` in a stack whose ` +
    `${settings.join(" and ")} are set (the plugin reads each object there), then move the resources it ` +
    "writes into the program: --out outside the program's folder, because a Go file written there is a second " +
    "main package and breaks the build."
  );
}

async function runExport(argv: string[], out: Output): Promise<number> {
  // Export reads flags and the environment, never Pulumi config: its messages name those.
  useCommandLineSettings(SETTING_FLAGS);
  const values = readOptions(argv, EXPORT_OPTIONS);
  if (values.help) {
    out.stdout(`${EXPORT_USAGE}\n`);
    return 0;
  }
  const format = EXPORT_FORMATS.find((f) => f === (values.format ?? "program"));
  if (format === undefined)
    throw new UsageError(`--format must be ${EXPORT_FORMATS.join(" or ")}, got "${values.format ?? ""}"`);
  const options: ExportOptions = {
    projectId: values.project,
    organizationId: values.organization,
    host: values.host,
    invites: values["no-invites"] ? false : undefined,
    format,
    includeManaged: values["include-managed"] === true,
  };
  const result = await exportProgram(options);
  for (const note of result.skipped) out.stderr(`note: left out ${note}\n`);
  if (result.managedSurveys > 0) {
    out.stderr(
      `left out ${result.managedSurveys} survey(s) managed by a Pulumi stack; --include-managed to include them\n`,
    );
  }
  const unproven =
    options.invites === false ? undefined : unprovenInvitesWarning(result.invites, result.members);
  if (unproven !== undefined) out.stderr(`${unproven}\n`);
  if (values.out === undefined) {
    out.stdout(result.source);
    return 0;
  }
  fs.writeFileSync(values.out, result.source);
  const invites =
    options.invites === false ? "" : `, ${result.invites} pending invite(s) and ${result.members} member(s)`;
  out.stderr(`wrote ${result.surveys} survey(s)${invites} to ${values.out}\n`);
  if (format === "import") out.stderr(`${importNote(result)}\n`);
  return 0;
}

/** Runs the command line `argv` (without node and the script); resolves with the exit code. */
export async function main(
  argv: string[],
  out: Output = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
): Promise<number> {
  // Every line this command prints about itself passes the scrubber (src/scrub.ts); the export itself is data
  // from PostHog, masked as it arrives (client/transport.ts).
  const raw = out;
  out = { stdout: raw.stdout, stderr: (text) => raw.stderr(scrub(text)) };
  const [command, ...rest] = argv;
  try {
    if (command === "export") return await runExport(rest, out);
    if (command === undefined) {
      out.stderr(`${USAGE}\n`);
      return 2;
    }
    if (!command.startsWith("-"))
      throw new UsageError(`unknown command "${command}" (the one command is export)`);
    const values = readOptions(argv, HELP_OPTIONS);
    if (values.version) out.stdout(`${packageVersion()}\n`);
    else out.stdout(`${USAGE}\n`);
    return 0;
  } catch (error) {
    const message = scrubMessage(error instanceof Error ? error.message : String(error));
    out.stderr(`pulumi-posthog: ${message}\n`);
    if (!(error instanceof UsageError)) return 1;
    const help = command === "export" ? "pulumi-posthog export --help" : "pulumi-posthog --help";
    out.stderr(`Run ${help} for usage.\n`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
