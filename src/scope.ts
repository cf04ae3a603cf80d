// Where a survey or invite lives: the resource's (or call's) own input, else the configured default, else the
// API key's current project or organization, which PostHog names "@current". "@current" is turned into the
// concrete id with one GET /api/users/@me/, so state and outputs always hold the real id. The one resolver for
// providers, data functions and export. Imports no runtime code but config.ts's (which loads no client), so diff
// can use it in a preview.
import { configKey, type Settings } from "./config";
import type { WireCurrentUser } from "./client/users.wire";

/** PostHog's alias for the key's current project or organization. */
export const CURRENT = "@current";

export type ScopeKind = "project" | "organization";

interface ScopeRow {
  setting: "projectId" | "organizationId";
  /** The concrete id of the key's current one, if it has one. */
  ofUser(me: WireCurrentUser): string | undefined;
}

const SCOPES: { [K in ScopeKind]: ScopeRow } = {
  project: {
    setting: "projectId",
    ofUser: (me) => (me.team ? String(me.team.id) : undefined),
  },
  organization: {
    setting: "organizationId",
    ofUser: (me) => me.organization?.id ?? undefined,
  },
};

/** The project or organization as declared or configured, without a request; may be "@current". */
export function declaredScope(kind: ScopeKind, input: unknown, settings: Settings): string {
  const own = input === undefined || input === null ? undefined : String(input);
  return own ?? settings[SCOPES[kind].setting] ?? CURRENT;
}

/** What to do when the key's user has none: set the input, or the setting under this face's config key. */
function adviceFor(kind: ScopeKind): string {
  const setting = SCOPES[kind].setting;
  return `set ${setting} (or ${configKey(setting)})`;
}

/** The concrete id for a declared scope, asking `currentUser` only for "@current". */
export async function concreteScope(
  kind: ScopeKind,
  declared: string,
  currentUser: () => Promise<WireCurrentUser>,
  advice: string = adviceFor(kind),
): Promise<string> {
  if (declared !== CURRENT) return declared;
  const id = SCOPES[kind].ofUser(await currentUser());
  if (id === undefined) throw new Error(`the API key's user has no current ${kind}: ${advice}`);
  return id;
}

/** declaredScope then concreteScope, with the client's GET /api/users/@me/. */
export function resolveScope(
  kind: ScopeKind,
  input: unknown,
  settings: Settings,
  client: { users: { me(): Promise<WireCurrentUser> } },
): Promise<string> {
  return concreteScope(kind, declaredScope(kind, input, settings), () => client.users.me());
}
