// Whether the engine run a provider serves is a preview or an update. The engine tells a provider nothing of it in
// Check or Diff (pulumi/pulumi proto/pulumi/provider.proto: DiffRequest has no preview flag; only Create and Update
// carry `preview`, and only for a provider that supports preview, which the SDK's dynamic provider does not:
// sdk/nodejs/cmd/dynamic-provider/index.ts, configure, sets no `supportsPreview`). A non-interactive `pulumi up`
// runs a preview and then the update, each a run of its own with its own provider processes, and calls Diff in
// both. The program knows: the Node.js language host passes `--engine <address>` to it, and `--dry-run` in a
// preview only (sdk/nodejs/cmd/pulumi-language-nodejs/main.go, constructArguments: the flag is added when
// `req.GetDryRun()`, never as `--dry-run=false`). sdk/nodejs/cmd/run/index.ts, main, copies them into
// PULUMI_NODEJS_ENGINE and PULUMI_NODEJS_DRY_RUN with addToEnvIfDefined, which skips a false value, so an update's
// program has no PULUMI_NODEJS_DRY_RUN at all; the SDK reads it as `=== "true"` (sdk/nodejs/runtime/state.ts,
// LocalStore's `dryRun`), and so does this file. The engine gives its providers the same address
// (sdk/go/common/resource/plugin/provider_plugin.go, NewProvider: `host.ServerAddr()`; langruntime_plugin.go gives
// the language host `host.ServerAddr()` too). So a TypeScript program using this
// package's resources records it in the run's folder (run-record.ts) and its dynamic provider reads it there.
// Elsewhere (the plugin face: another language's program; a program on mocks) it stays unknown.
import fs from "node:fs";
import path from "node:path";
import { runFolder } from "./run-record";

export type RunKind = "preview" | "update";

const FILE = "run-kind";

let recorded = false;

/** In a program process the Node.js language host started: records whether this run is a preview (once). */
export function recordProgramRunKind(): void {
  if (recorded) return;
  recorded = true;
  // No engine address: not a program the language host started (a program on mocks, a test), so unknown.
  const address = process.env.PULUMI_NODEJS_ENGINE;
  if (!address) return;
  const folder = runFolder(address);
  if (!folder) return;
  const kind: RunKind = process.env.PULUMI_NODEJS_DRY_RUN === "true" ? "preview" : "update";
  try {
    fs.writeFileSync(path.join(folder, FILE), kind, { mode: 0o600 });
  } catch {
    // Unwritable: the provider treats the run as unknown, as before this record existed.
  }
}

/** In a provider process: what the program of this run recorded, or undefined when it recorded nothing. */
export function runKind(): RunKind | undefined {
  const folder = runFolder();
  if (!folder) return undefined;
  try {
    const text = fs.readFileSync(path.join(folder, FILE), "utf8");
    return text === "preview" || text === "update" ? text : undefined;
  } catch {
    return undefined;
  }
}
