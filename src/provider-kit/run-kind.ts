// Whether the engine run a provider serves is a preview or an update. The engine tells a provider nothing of it in
// Check or Diff (pulumi/pulumi proto/pulumi/provider.proto: DiffRequest has no preview flag; only Create and Update
// carry `preview`, and only for a provider that supports preview, which the SDK's dynamic provider does not:
// sdk/nodejs/cmd/dynamic-provider/index.ts, configure, sets no `supportsPreview`). A non-interactive `pulumi up`
// runs a preview and then the update, each a run of its own with its own provider processes, and calls Diff in
// both. The program knows: the Node.js language host passes `--dry-run` and `--engine <address>` to it
// (sdk/nodejs/cmd/run/index.ts: PULUMI_NODEJS_DRY_RUN and PULUMI_NODEJS_ENGINE), and the engine gives its
// providers the same address (sdk/go/common/resource/plugin/provider_plugin.go, NewProvider: `host.ServerAddr()`;
// langruntime_plugin.go gives the language host `host.ServerAddr()` too). So a TypeScript program using this
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
  const address = process.env.PULUMI_NODEJS_ENGINE;
  const dryRun = process.env.PULUMI_NODEJS_DRY_RUN;
  if (!address || (dryRun !== "true" && dryRun !== "false")) return;
  const folder = runFolder(address);
  if (!folder) return;
  try {
    fs.writeFileSync(path.join(folder, FILE), dryRun === "true" ? "preview" : "update", { mode: 0o600 });
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
