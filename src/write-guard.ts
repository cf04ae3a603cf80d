// What every write (POST, PATCH, DELETE) waits for before it leaves the process, and what each applied DELETE
// leaves behind. It lives outside src/client/ because every provider installs the guard at start, and a preview
// loads no client module (test/preview/preview-loads-no-client.test.ts). The client knows no engine: the provider
// faces install the check (provider-kit/engine-alive.ts), and read the deletes (a refused delete says what this run
// already deleted: survey/deletion-protection.ts).

/** Resolves when a write may go out; a check that finds the engine gone ends the process and never resolves. */
type WriteCheck = () => Promise<void>;

let check: WriteCheck | undefined;

/** From now on every write of this process first runs `before` (the last one installed). */
export function guardWrites(before: WriteCheck): void {
  check = before;
}

/** Before a write: the installed check, if any. */
export async function beforeWrite(): Promise<void> {
  if (check) await check();
}

const deleted: string[] = [];

/** Records the path of a DELETE PostHog applied (2xx) in this process. */
export function recordDeleted(path: string): void {
  deleted.push(path);
}

/** The paths of every DELETE PostHog applied for this process, in order. */
export function deletedPaths(): readonly string[] {
  return deleted;
}
