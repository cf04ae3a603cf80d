// The Invite provider module the serialized shim loads (see ../../provider-kit/shim.ts). A preview runs configure, check
// and diff, which load no HTTP client; create/read/update/delete load it on their first call.
import { applyLazily, type ApplyModule } from "../../provider-kit/lazy-apply";

export { configureProvider as configure } from "../../provider-kit/configure";
export { check, diff } from "./preview";

const apply = applyLazily((): ApplyModule => require("./apply"));
export const { create, read, update } = apply;
const remove = apply.delete;
export { remove as delete };
