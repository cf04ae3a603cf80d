// The Invite provider's engine calls, which both faces serve: the dynamic provider through provider.ts (the
// module the serialized shim loads) and the plugin through src/plugin/resources.ts. This is the seam where each
// face's raw property bags become one InviteDeclaration (declaration.ts) before any rule sees them. A preview runs
// configure, check and diff, which load no HTTP client; create/read/update/delete load it on their first call.
import { atTheSeam, type ApplyCore } from "../../provider-kit/seam";
import { declareInvite, type InviteDeclaration } from "./declaration";
import * as preview from "./preview";

export { configureProvider as configure } from "../../provider-kit/configure";

const invite = atTheSeam("Invite", "organization", declareInvite, preview, (): ApplyCore<InviteDeclaration> =>
  require("./apply"),
);
export const { check, diff, create, read, update } = invite;
const remove = invite.delete;
export { remove as delete };
