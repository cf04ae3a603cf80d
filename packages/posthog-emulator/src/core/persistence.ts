// --state FILE: load at start, save atomically (write a temp file, then rename over the target).
import * as fs from "node:fs";
import * as path from "node:path";
import { isObject, parseJson } from "./json";
import { withDefaults, type StateData, type StoredState } from "./state";

/** What every state file holds since format 1 was fixed (the rest withDefaults fills in). */
const STATE_TABLES = [
  "org",
  "projects",
  "users",
  "members",
  "keys",
  "surveys",
  "flags",
  "invites",
  "responses",
  "next",
];

/** The temporary files saveState writes beside `file` (`.<name>.<pid>.tmp`). */
function tempFilesOf(file: string): string[] {
  const dir = path.dirname(file);
  const prefix = `.${path.basename(file)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.startsWith(prefix) && /\.\d+\.tmp$/.test(n)).map((n) => path.join(dir, n));
}

/**
 * Loads `file` (undefined when absent). Temporary files a killed emulator left beside it are removed first: the
 * rename that would have replaced the file never ran, so the file itself is whole and they hold nothing it lacks.
 * A file that is not the emulator's state is refused with a message naming it and what is wrong.
 */
export function loadState(file: string): StateData | undefined {
  for (const tmp of tempFilesOf(file)) fs.rmSync(tmp, { force: true });
  if (!fs.existsSync(file)) return undefined;
  const refuse = (why: string) =>
    new Error(
      `emulator state file ${file} ${why}; it must be a file the emulator wrote with --state. Move it away (or ` +
        "delete it) to start empty.",
    );
  let parsed: unknown;
  try {
    parsed = parseJson(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw refuse(`is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!isObject(parsed) || parsed.format !== 1)
    throw refuse('is not in the expected format ({"format": 1, …})');
  const missing = STATE_TABLES.filter((key) => !isObject(parsed[key]) && !Array.isArray(parsed[key]));
  if (typeof parsed.admin_key !== "string") missing.push("admin_key");
  if (missing.length > 0) throw refuse(`lacks ${missing.join(", ")}`);
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
