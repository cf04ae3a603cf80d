// `pulumi-posthog export`: a Pulumi program (TypeScript) declaring the surveys, pending invites and members that
// exist in PostHog, each adopting what exists, so a team can start managing an existing setup as code; or, with
// the `import` format, the file `pulumi import --file` takes, for a program in any language (import-file.ts).
import { clientFor } from "../client";
import { readArguments, resolveSettings } from "../config";
import { declaredScope } from "../scope";
import { exportFailure, missingKey } from "./failures";
import { readSnapshot } from "./read";
import { renderProgram } from "./render";
import { renderImportFile } from "./import-file";
import { createdByAStack } from "../resources/survey/ownership";

export interface ExportOptions {
  /** Project id; default posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. */
  projectId?: string | number;
  /** Organization id for invites; default POSTHOG_ORGANIZATION_ID, then the key's current organization. */
  organizationId?: string;
  /** Default POSTHOG_HOST, then https://us.posthog.com. */
  host?: string;
  /** Export pending invites too (default true). */
  invites?: boolean;
  /** `program` (default): the TypeScript program on the dynamic providers; `import`: `pulumi import`'s file. */
  format?: ExportFormat;
  /**
   * Export the surveys a Pulumi stack created with this provider too (default false: left out and counted, so
   * `pulumi import` never gives a second stack an object one already manages).
   */
  includeManaged?: boolean;
  /** Where POSTHOG_* settings come from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** What export writes (the `--format` of the command). */
export const EXPORT_FORMATS = ["program", "import"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportResult {
  source: string;
  /** The project and organization read (the plugin must work in them for `pulumi import`). */
  projectId: string;
  organizationId?: string;
  surveys: number;
  invites: number;
  expiredInvites: number;
  /** Members declared as Invites adopting their membership. */
  members: number;
  /** Fields left out because the provider would reject the value PostHog holds. */
  skipped: string[];
  /** Surveys left out because a Pulumi stack created them (their question ids are this provider's derived ids). */
  managedSurveys: number;
}

export async function exportProgram(opts: ExportOptions = {}): Promise<ExportResult> {
  const settings = resolveSettings(
    readArguments({
      host: opts.host,
      projectId: opts.projectId === undefined ? undefined : String(opts.projectId),
      organizationId: opts.organizationId,
    }),
    opts.env ?? process.env,
  );
  if (!settings.apiKey) throw missingKey();
  const client = clientFor(settings);
  const read = await readSnapshot(client, {
    projectId: declaredScope("project", undefined, settings),
    organizationId: opts.invites === false ? undefined : declaredScope("organization", undefined, settings),
  }).catch((error: unknown) => {
    throw exportFailure(error);
  });
  // What a stack created shows in its question ids (survey/ownership.ts); invites carry no such sign: PostHog keeps
  // nothing of the request but the invite's terms, which any person may write alike.
  const managed = opts.includeManaged ? [] : read.surveys.filter((s) => createdByAStack(s.questions));
  const snapshot = { ...read, surveys: read.surveys.filter((s) => !managed.includes(s)) };
  const { source, skipped } =
    opts.format === "import"
      ? { source: renderImportFile(snapshot), skipped: [] }
      : renderProgram(snapshot, settings.host);
  return {
    source,
    projectId: snapshot.projectId,
    organizationId: snapshot.organizationId,
    surveys: snapshot.surveys.length,
    invites: snapshot.invites.length,
    expiredInvites: snapshot.expiredInvites,
    members: snapshot.members.length,
    skipped,
    managedSurveys: managed.length,
  };
}
