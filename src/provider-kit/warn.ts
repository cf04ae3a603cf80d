// Warnings from the provider process: one writer for every face, in src/scrub.ts, so each line is scrubbed.
export { warn } from "../scrub";
