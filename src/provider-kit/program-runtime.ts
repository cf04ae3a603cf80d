// The language of the program a plugin serves, so a message can show a resource option the way the user writes
// it. The engine tells a provider nothing about the program, but starts it in the program's folder: the plugin
// host runs each plugin with its working directory set to the project's (pulumi/pulumi
// sdk/go/common/resource/plugin/plugin.go, execPlugin: `cmd.Dir = pwd`, the plugin context's Pwd, which
// pkg/engine/deployment.go, ProjectInfoContext, takes from Projinfo.GetPwdMain: the folder of Pulumi.yaml, or its
// `main` folder when that is set). So Pulumi.yaml's `runtime` names the language when it is there; anything else
// (no file, a `main` folder, a runtime we do not know) leaves the language unknown and the message generic.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const RUNTIMES = ["nodejs", "python", "go", "yaml", "dotnet", "java"] as const;

export type ProgramRuntime = (typeof RUNTIMES)[number];

/** Where a program is written: the dynamic providers' TypeScript, or a plugin program's runtime when known. */
export type Face = "dynamic" | ProgramRuntime | "unknown";

const RUNTIME = z.enum(RUNTIMES);

/** `runtime: <name>`, or `runtime:` followed by an indented `name: <name>` (Pulumi.yaml's two forms). */
const RUNTIME_LINE = /^runtime:[ \t]*(?:["']?([A-Za-z]+)["']?[ \t]*$|\{[ \t]*name:[ \t]*["']?([A-Za-z]+))/m;
const RUNTIME_BLOCK = /^runtime:[ \t]*\r?\n(?:[ \t]+.*\r?\n)*?[ \t]+name:[ \t]*["']?([A-Za-z]+)/m;

/** The runtime a Pulumi.yaml's text declares, when it is one we know. */
export function runtimeOf(projectYaml: string): ProgramRuntime | undefined {
  const line = RUNTIME_LINE.exec(projectYaml);
  const name = line ? (line[1] ?? line[2]) : RUNTIME_BLOCK.exec(projectYaml)?.[1];
  const parsed = RUNTIME.safeParse(name);
  return parsed.success ? parsed.data : undefined;
}

let cached: { runtime: ProgramRuntime | undefined } | undefined;

/** The runtime of the program in this process's working directory (read once), or undefined. */
export function programRuntime(): ProgramRuntime | undefined {
  if (cached) return cached.runtime;
  let runtime: ProgramRuntime | undefined;
  for (const file of ["Pulumi.yaml", "Pulumi.yml"]) {
    try {
      runtime = runtimeOf(fs.readFileSync(path.join(process.cwd(), file), "utf8"));
      break;
    } catch {
      // no such file: try the other spelling
    }
  }
  cached = { runtime };
  return runtime;
}
