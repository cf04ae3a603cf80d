// Benchmark 1: the `__provider` text each resource carries in state, measured the way users get it (npm pack,
// install into a fresh folder, register under mocks in a plain node child), beside a naive provider that
// closes over an axios client.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { InstalledProgram, packAndInstall } from "../test/package/install";
import { overAxiosInstance, overAxiosModule } from "./naive-provider";
import { REPO_ROOT } from "../test/support/self-link";
import { ratio, Row } from "./table";

interface Registration {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

export interface InstalledProviders {
  installed: InstalledProgram;
  /** __provider text by resource type token, e.g. "pulumi-nodejs:dynamic/posthog:Survey". */
  providers: Map<string, string>;
}

const COMMAND = "npm run bench -- --only provider-size";

/** Packs and installs the package, then registers one Survey, Invite and InviteBatch in a plain node child. */
export function installAndRegister(): InstalledProviders {
  const installed = packAndInstall();
  const files: [string, string][] = [
    [path.join(REPO_ROOT, "test/package/register.js"), "register.js"],
    [path.join(REPO_ROOT, "bench/fixtures/consumer-all.js"), "consumer-all.js"],
  ];
  for (const [from, to] of files) fs.copyFileSync(from, path.join(installed.dir, to));
  const out = execFileSync(process.execPath, ["register.js", "./consumer-all.js", "3"], {
    cwd: installed.dir,
    encoding: "utf8",
    env: { ...process.env, NODE_PATH: "" },
  });
  const registrations = JSON.parse(out.trim().split("\n").pop() ?? "[]") as Registration[];
  const providers = new Map(registrations.map((r) => [r.type, String(r.inputs.__provider)]));
  return { installed, providers };
}

async function serializedBytes(provider: pulumi.dynamic.ResourceProvider): Promise<number> {
  // Exactly what dynamic.Resource does with the provider it is given.
  const closure = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return Buffer.byteLength(closure.text);
}

/** The innermost cause of a closure serialization error, e.g. "'bound queueMicrotask': Could not find [[Scopes]] property". */
function serializationFailure(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error)).split("\n").map((l) => l.trim());
  const at = lines.findIndex((l) => l.includes("could not be serialized"));
  if (at < 0) return lines[0];
  const what = /'[^']+'/.exec(lines[at])?.[0] ?? "a value";
  return `${what}: ${lines[at + 1] ?? "not serializable"}`;
}

export async function providerSizeRows(ctx: InstalledProviders): Promise<Row[]> {
  const rows: Row[] = [];
  let instance: string;
  try {
    instance = `${await serializedBytes(overAxiosInstance())} B`;
  } catch (error) {
    instance = `fails to serialize: ${serializationFailure(error)}`;
  }
  const moduleBytes = await serializedBytes(overAxiosModule());
  for (const type of ["Survey", "Invite", "InviteBatch"]) {
    const text = ctx.providers.get(`pulumi-nodejs:dynamic/posthog:${type}`);
    if (text === undefined) throw new Error(`no ${type} was registered by the consumer program`);
    const bytes = Buffer.byteLength(text);
    rows.push({
      benchmark: `__provider bytes per resource: ${type} (packed + installed)`,
      figure: `${bytes} B`,
      floor: `${moduleBytes} B (naive provider over the axios module)`,
      ratio: ratio(bytes, moduleBytes, 3),
      command: COMMAND,
    });
  }
  rows.push({
    benchmark: "__provider bytes: naive provider closing over an axios instance",
    figure: instance,
    floor: `${moduleBytes} B (same provider over the axios module)`,
    ratio: "-",
    command: COMMAND,
  });
  return rows;
}
