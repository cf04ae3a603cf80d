// What the Pulumi SDK's closure serializer writes into `__provider` for an object that is some module's exports.
// It looks the object up in Node's require cache, takes the module file relative to the working directory,
// and keeps what follows a `node_modules` segment as the name to `require`.
// Pulumi: sdk/nodejs/runtime/closure/createClosure.ts, findNormalizedModuleNameAsync and captureModuleAsync.
import path from "node:path";

/** The first SDK whose serializer knows pnpm's store layout (pulumi/pulumi#23767). */
const PNPM_AWARE_SDK: readonly [number, number] = [3, 251];

/**
 * The module name the SDK at `sdkVersion` writes for exports of `file`, or undefined when it serializes them by
 * value instead (a module outside node_modules).
 */
export function sdkModuleName(file: string, cwd: string, sdkVersion: string | undefined): string | undefined {
  const parts = path.relative(cwd, file).split(path.sep);
  // Below 3.251 the name always starts after the first `node_modules`; under pnpm that is
  // `.pnpm/<pkg>@<version + peers>/node_modules/<pkg>/...`, a store path that changes with every upgrade.
  // From 3.251 a path through `.pnpm` uses the last `node_modules` instead.
  const pnpmAware = parts.includes(".pnpm") && atLeast(sdkVersion, PNPM_AWARE_SDK);
  const index = pnpmAware ? parts.lastIndexOf("node_modules") : parts.indexOf("node_modules");
  return index < 0 ? undefined : parts.slice(index + 1).join("/");
}

function atLeast(version: string | undefined, [major, minor]: readonly [number, number]): boolean {
  const match = /^(\d+)\.(\d+)\./.exec(version ?? "");
  if (!match) return false;
  const [have, haveMinor] = [Number(match[1]), Number(match[2])];
  return have > major || (have === major && haveMinor >= minor);
}
