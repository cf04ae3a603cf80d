// A record the provider processes of one engine run share. The engine starts a process for each provider of a run
// (the dynamic providers' one, the plugin's default provider, each explicit provider: pulumi/pulumi
// pkg/resource/deploy/providers/registry.go, loadProvider) and passes each the engine's own address as its argument
// (pkg/resource/plugin/plugin.go, buildPluginArguments), so a record kept in memory stops at its process. This one
// is a file per key in a folder named by that address: made with link(2), which exactly one process wins, and
// holding the maker's pid. The address is the engine's gRPC port, unique among live engines but reused over time:
// a record whose maker has exited is an earlier run's (a run's provider processes live until it ends), and is
// replaced. Outside a provider process (no engine address) only the caller's in-memory record applies.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { engineConnectedTo } from "./engine-log";

/** Who holds a key: `id` tells holders apart, `name` is how messages name it. */
export interface RunHolder {
  id: string;
  name: string;
}

const recordRule = z.object({ pid: z.number().int(), id: z.string(), name: z.string() });

/** A key's file, by scope and key (their digest: any text may be a key). */
const fileOf = (folder: string, scope: string, key: string) =>
  path.join(folder, digest(`${scope}\u0000${key}`).slice(0, 40));

/** Folders of runs older than this are removed when a process first uses the record. */
const STALE_FOLDER_MS = 24 * 60 * 60 * 1000;

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

let cleaned = false;

/** Removes the folders of runs that ended long ago; another process may be removing the same ones. */
function removeOldFolders(base: string, keep: string): void {
  for (const name of fs.readdirSync(base)) {
    const other = path.join(base, name);
    try {
      if (other !== keep && Date.now() - fs.statSync(other).mtimeMs > STALE_FOLDER_MS)
        fs.rmSync(other, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove: either way nothing this run needs.
    }
  }
}

/**
 * This run's folder, or undefined outside a provider process or where the temporary folder cannot be written (the
 * callers' in-memory record then applies alone: a provider never fails a run over its temporary folder).
 */
export function runFolder(address = engineConnectedTo()): string | undefined {
  if (address === undefined) return undefined;
  const base = path.join(os.tmpdir(), `pulumi-posthog-runs-${os.userInfo().uid}`);
  const folder = path.join(base, digest(address).slice(0, 24));
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (!cleaned) {
      cleaned = true;
      removeOldFolders(base, folder);
    }
    return folder;
  } catch {
    return undefined;
  }
}

/** The system error code of a failed file or process call ("EEXIST", "EPERM"), if it has one. */
const codeOf = (error: unknown): unknown =>
  typeof error === "object" && error !== null && "code" in error ? error.code : undefined;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === "EPERM";
  }
}

/** The live holder recorded in `file`, or undefined when there is none (or its maker has exited). */
function liveHolder(file: string): (RunHolder & { pid: number }) | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = recordRule.safeParse(json);
  return parsed.success && alive(parsed.data.pid) ? parsed.data : undefined;
}

/** Makes `file` hold `content`, unless it exists: true when this call made it. */
function make(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  fs.writeFileSync(temporary, content, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if (codeOf(error) === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Records `holder` for each of `keys` (of `scope`) across the run's provider processes. Returns the keys another
 * live holder has, recording none of `keys` then.
 */
export function holdAcrossRun(
  scope: string,
  keys: readonly string[],
  holder: RunHolder,
): { key: string; holder: RunHolder }[] {
  const folder = runFolder();
  if (folder === undefined) return [];
  const made: string[] = [];
  const content = JSON.stringify({ pid: process.pid, id: holder.id, name: holder.name });
  const taken: { key: string; holder: RunHolder }[] = [];
  try {
    for (const key of keys) {
      const file = fileOf(folder, scope, key);
      // At most twice: a record an exited process left is removed once, then made again.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (make(file, content)) {
          made.push(file);
          break;
        }
        const other = liveHolder(file);
        if (other?.id === holder.id) break;
        if (other) {
          taken.push({ key, holder: { id: other.id, name: other.name } });
          break;
        }
        fs.rmSync(file, { force: true });
      }
    }
  } catch {
    // The temporary folder failed under us (full, or no hard links): the callers' in-memory record applies alone.
    for (const file of made) fs.rmSync(file, { force: true });
    return [];
  }
  if (taken.length > 0) for (const file of made) fs.rmSync(file, { force: true });
  return taken;
}

/** The live holder of `key` (of `scope`) that holdAcrossRun recorded in any provider process of the run. */
export function holderAcrossRun(scope: string, key: string): RunHolder | undefined {
  const folder = runFolder();
  if (folder === undefined) return undefined;
  const holder = liveHolder(fileOf(folder, scope, key));
  return holder && { id: holder.id, name: holder.name };
}

/**
 * Adds `holder` to the holders noted under `key` (of `scope`) for the run's provider processes: unlike
 * holdAcrossRun, any number of holders may note one key. One file per holder in the key's folder, written whole
 * (a rename), so a reader never sees half of it.
 */
export function noteAcrossRun(scope: string, key: string, holder: RunHolder): void {
  const folder = runFolder();
  if (folder === undefined) return;
  try {
    const notes = `${fileOf(folder, scope, key)}.notes`;
    fs.mkdirSync(notes, { recursive: true, mode: 0o700 });
    const file = path.join(notes, digest(holder.id).slice(0, 40));
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
    fs.writeFileSync(temporary, JSON.stringify({ pid: process.pid, id: holder.id, name: holder.name }), {
      mode: 0o600,
    });
    fs.renameSync(temporary, file);
  } catch {
    // The temporary folder failed under us: the callers' in-memory record applies alone.
  }
}

/** The live holders noted under `key` (of `scope`) by any provider process of the run, this one included. */
export function notedAcrossRun(scope: string, key: string): RunHolder[] {
  const folder = runFolder();
  if (folder === undefined) return [];
  const notes = `${fileOf(folder, scope, key)}.notes`;
  let names: string[];
  try {
    names = fs.readdirSync(notes);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name.includes(".")) return []; // a note being written
    const holder = liveHolder(path.join(notes, name));
    return holder ? [{ id: holder.id, name: holder.name }] : [];
  });
}
