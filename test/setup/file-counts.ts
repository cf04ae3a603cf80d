// What a test file started, counted where it is started, for the per-file table of CI (docs/contributing/ci.md).
// The counts live on the file's global object, which the test environment (node-environment.ts) sets up and reads
// after the file; code run outside a test file (a benchmark, a tool) counts nothing.

/** The kinds counted inside the file's own realm; processes are counted by the environment (file-stats.ts). */
export type CountedInFile = "emulator";

declare global {
  // Set by test/setup/file-stats.ts on the file's global object (the environment's `this.global`).
  var __pulumiPosthogFileCounts: Record<string, number> | undefined;
}

/** One more `kind` started by the running test file. */
export function countInFile(kind: CountedInFile): void {
  const counts = globalThis.__pulumiPosthogFileCounts;
  if (counts) counts[kind] = (counts[kind] ?? 0) + 1;
}

/** Gives a test file's global object the counts its realm adds to (called by the test environment). */
export function holdFileCounts(fileGlobal: Record<string, unknown>, counts: Record<string, number>): void {
  fileGlobal.__pulumiPosthogFileCounts = counts;
}
