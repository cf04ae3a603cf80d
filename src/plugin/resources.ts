// Which code serves each resource token: the very calls the dynamic providers' shims load (src/providers.ts), so
// a check, diff or apply rule exists once for both faces. They are loaded on
// a token's first call, and their apply half on its first apply (provider-kit/seam.ts), so a preview
// loads no HTTP client here either.
import type { ProviderModule } from "../provider-kit/shim";
import type { Imported } from "../ownership";
import { RESOURCE_TOKENS, type ResourceName } from "./tokens";

const calls = (): typeof import("../providers") => require("../providers");

export interface ResourceCode {
  provider(): ProviderModule;
  /**
   * Read with only an id (`pulumi import`) for the resource `urn`, which then holds the object; fails saying what
   * is wrong with the id when it leads to nothing.
   */
  importById(id: string, urn: string): Promise<Imported>;
}

const CODE: { [N in ResourceName]: ResourceCode } = {
  Survey: {
    provider: () => calls().survey(),
    importById: (id, urn) =>
      (require("../resources/survey/import") as typeof import("../resources/survey/import")).importSurvey(
        id,
        urn,
      ),
  },
  Invite: {
    provider: () => calls().invite(),
    importById: (id, urn) =>
      (require("../resources/invite/import") as typeof import("../resources/invite/import")).importInvite(
        id,
        urn,
      ),
  },
  InviteBatch: {
    provider: () => calls().inviteBatch(),
    importById: () =>
      Promise.reject(
        new Error(
          "An InviteBatch cannot be imported: it is a set of invites the program names. Import each invite as an " +
            `${RESOURCE_TOKENS.Invite} by its id instead.`,
        ),
      ),
  },
};

const BY_TOKEN = new Map<string, ResourceCode>(
  (Object.keys(RESOURCE_TOKENS) as ResourceName[]).map((name) => [RESOURCE_TOKENS[name], CODE[name]]),
);

/** The code for a resource URN's type; an unknown type is refused by name. */
export function resourceCode(urn: string, type: string): ResourceCode {
  const typeOf = type || urn.split("::")[2]?.split("$").pop() || "";
  const code = BY_TOKEN.get(typeOf);
  if (!code)
    throw new Error(
      `unknown resource type "${typeOf}"; this provider serves ${[...BY_TOKEN.keys()].join(", ")}`,
    );
  return code;
}
