// The public exports of this package's two entry points, read from the source by the compiler, with the names
// each module really exports at runtime (required from the source beside this file, compiled or not).
import path from "node:path";
import { REPO_ROOT } from "../../test/support/self-link";
import { publicExports, type PublicExport } from "./exports";

const runtimeNames = (module: object) => new Set(Object.keys(module));

export function packageExports(): Map<string, PublicExport[]> {
  return publicExports([
    {
      name: "pulumi-posthog",
      source: path.join(REPO_ROOT, "src/index.ts"),
      runtimeNames: runtimeNames(require("../../src") as object),
    },
    {
      name: "pulumi-posthog/testing",
      source: path.join(REPO_ROOT, "src/testing/index.ts"),
      runtimeNames: runtimeNames(require("../../src/testing") as object),
    },
  ]);
}
