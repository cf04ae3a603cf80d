// --state FILE: load at start, save atomically (write a temp file, then rename over the target).
import * as fs from "node:fs";
import * as path from "node:path";
import { withDefaults, type StateData } from "./state";

export function loadState(file: string): StateData | undefined {
  if (!fs.existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null || (parsed as { format?: unknown }).format !== 1) {
    throw new Error(`emulator state file ${file} is not in the expected format`);
  }
  return withDefaults(parsed as StateData);
}

/** rename() is atomic on one filesystem, so a reader (or a kill -9) sees the old or the new file, never half. */
export function saveState(file: string, data: StateData): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // 0600: the file holds the admin key.
  fs.writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
