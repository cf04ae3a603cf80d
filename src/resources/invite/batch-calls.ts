// The InviteBatch provider's engine calls, which both faces serve: the dynamic provider through provider.ts (the
// module the serialized shim loads) and the plugin through src/plugin/resources.ts. This is the seam where each
// face's raw property bags become one InviteBatchDeclaration (batch-declaration.ts) before any rule sees them. A preview runs
// configure, check and diff, which load no HTTP client; create/read/update/delete load it on their first call.
import { atTheSeam, type ApplyCore } from "../../provider-kit/seam";
import { declareInviteBatch, type InviteBatchDeclaration } from "./batch-declaration";
import * as preview from "./batch-preview";

export { configureProvider as configure } from "../../provider-kit/configure";

const batch = atTheSeam(
  "InviteBatch",
  "organization",
  declareInviteBatch,
  preview,
  (): ApplyCore<InviteBatchDeclaration> => require("./batch-apply"),
);
export const { check, diff, create, read, update } = batch;
const remove = batch.delete;
export { remove as delete };
