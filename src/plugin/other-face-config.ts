// Which settings a stack sets under `posthog:` (the namespace of the npm package's TypeScript classes) rather than
// under this plugin's own, so that a YAML, Python or Go stack holding `posthog:apiKey` hears that its key is under
// the other name (config.ts, requireApiKey) instead of "no key". The engine hands a provider only its own
// package's config (pulumi/pulumi pkg/host/host.go, defaultHost.Provider, which skips every key whose namespace is
// not the package's), so the plugin looks at the stack's config file itself, for the names alone (values, secret or
// not, are never read): Pulumi.<stack>.yaml in the project's folder, which is the plugin's working directory
// (sdk/go/common/resource/plugin/plugin.go, ExecPlugin: `cmd.Dir = pwd`, and RunPlugin's WorkingDirectory is
// ctx.Pwd, the project's folder), or in the folder Pulumi.yaml names as `stackConfigDir`. The stack is the one in
// the provider's URN, which Configure carries since the engine was told ConfigureWithUrn (provider_plugin.go).
import fs from "node:fs";
import path from "node:path";
import { SETTINGS } from "../config";
import { DYNAMIC_PROVIDER_NAMESPACE } from "../provider-kit/settings-source";

/** The stack in a URN (`urn:pulumi:<stack>::<project>::<type>::<name>`). */
function stackOf(urn: string): string | undefined {
  const match = /^urn:pulumi:([^:]+)::/.exec(urn);
  return match?.[1];
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Where the project keeps its stack config files: `stackConfigDir` of Pulumi.yaml, or the project's folder. */
function configFolder(projectFolder: string): string {
  const project = readIfThere(path.join(projectFolder, "Pulumi.yaml")) ?? "";
  const named = /^stackConfigDir:\s*["']?([^"'\n#]+?)["']?\s*(#.*)?$/m.exec(project)?.[1];
  return named ? path.resolve(projectFolder, named) : projectFolder;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The settings, by name, that the stack's config file sets as `posthog:<setting>` (a key under `config:`, quoted or
 * not). Empty when the URN names no stack or the file cannot be read.
 */
export function settingsUnderDynamicNamespace(urn: string, projectFolder = process.cwd()): string[] {
  const stack = stackOf(urn);
  if (stack === undefined) return [];
  const text = readIfThere(path.join(configFolder(projectFolder), `Pulumi.${stack}.yaml`));
  if (text === undefined) return [];
  const ns = escape(DYNAMIC_PROVIDER_NAMESPACE);
  return Object.keys(SETTINGS).filter((name) =>
    new RegExp(`^\\s+["']?${ns}:${escape(name)}["']?\\s*:`, "m").test(text),
  );
}
