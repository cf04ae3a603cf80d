// The Survey provider module the serialized shim loads (see ../../provider-kit/shim.ts): its path is part of every
// stack's state and never moves. Its calls are dynamic-calls.ts's, recording the host (provider-kit/recorded-host.ts); this module hands out the copy that src/providers.ts
// loads, so every provider of one process shares one copy of the code and of its state (the run's settings, the
// key check, the rate windows), whichever module loaded it. `npm run build` bundles src/providers.ts into one file
// (tools/bundle.js says why).
import type * as Calls from "./dynamic-calls";

const calls: typeof Calls = (require("../../providers") as typeof import("../../providers")).dynamicSurvey();
export const { configure, check, diff, create, read, update } = calls;
const remove = calls.delete;
export { remove as delete };
