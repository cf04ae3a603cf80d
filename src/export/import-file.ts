// `pulumi-posthog export --format import`: the file `pulumi import --file` takes, for programs in any language on
// the provider plugin. Its shape is the CLI's (pulumi/pulumi pkg/cmd/pulumi/operations/import.go, importFile and
// importSpec): `resources`, each with the resource `type` token, the `name` the generated code gives it and the
// object's `id` in PostHog. `pulumi import` then reads each object through the plugin (its Read by id,
// ownership/import.ts), writes the program in the project's language, and the next preview is clean. A survey
// is imported by its id, a pending invite by its id, and a member by `member:<membership id>`, the id an Invite
// that adopted the membership holds (resources/invite/mapping.ts, MEMBER_ID_PREFIX). The plugin reads them in the
// project and organization its own settings name (`posthog-iac:projectId`, `posthog-iac:organizationId`, or the
// key's current ones), so the command says which those must be.
import { RESOURCE_TOKENS } from "../provider-kit/tokens";
import { MEMBER_ID_PREFIX } from "../resources/invite/mapping";
import { exportNames } from "./names";
import type { Snapshot } from "./read";

interface ImportSpec {
  type: string;
  name: string;
  id: string;
}

/** The import file for `snapshot`, as JSON text; resources named as the TypeScript program names them. */
export function renderImportFile(snapshot: Snapshot): string {
  const names = exportNames(snapshot);
  const resources: ImportSpec[] = [
    ...snapshot.surveys.map((survey, i) => ({
      type: RESOURCE_TOKENS.Survey,
      name: names.surveys[i] ?? "survey",
      id: survey.id,
    })),
    ...snapshot.invites.map((invite, i) => ({
      type: RESOURCE_TOKENS.Invite,
      name: names.invites[i] ?? "invite",
      id: invite.id,
    })),
    ...snapshot.members.map((member, i) => ({
      type: RESOURCE_TOKENS.Invite,
      name: names.members[i] ?? "invite",
      id: `${MEMBER_ID_PREFIX}${member.id}`,
    })),
  ];
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
