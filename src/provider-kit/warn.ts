// Messages from the provider process: one writer for every face, in src/scrub.ts, so each line is scrubbed; where
// it is delivered (the engine's log service, with the resource's URN) is provider-kit/engine-log.ts.
export { inform, warn } from "../scrub";
