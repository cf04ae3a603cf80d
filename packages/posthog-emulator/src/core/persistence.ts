// --state FILE: load at start, save atomically (write a temp file, then rename over the target).
import * as fs from "node:fs";
import * as path from "node:path";
import { isObject, parseJson } from "./json";
import { withDefaults, type StateData, type StoredState } from "./state";

export function loadState(file: string): StateData | undefined {
  if (!fs.existsSync(file)) return undefined;
  const parsed = parseJson(fs.readFileSync(file, "utf8"));
  if (!isObject(parsed) || parsed.format !== 1) {
    throw new Error(`emulator state file ${file} is not in the expected format`);
  }
  // The emulator's own file, written by saveState: trusted to be the format it names, less what withDefaults adds.
  const stored: unknown = parsed;
  return withDefaults(stored as StoredState);
}

/** rename() is atomic on one filesystem, so a reader (or a kill -9) sees the old or the new file, never half. */
export function saveState(file: string, data: StateData): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // 0600: the file holds the admin key.
  fs.writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
