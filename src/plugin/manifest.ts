// The package facts the Pulumi schema repeats (version, licence, homepage, repository), read from this package's
// own package.json at run time, so they are written once. The relative path is the same from src/plugin
// (ts-jest) and dist/plugin (built and installed).
import { z } from "zod";

const manifestRule = z.object({
  version: z.string(),
  license: z.string(),
  homepage: z.string(),
  repository: z.object({ url: z.string() }),
});

export type Manifest = z.infer<typeof manifestRule>;

let cached: Manifest | undefined;

export function packageManifest(): Manifest {
  cached ??= manifestRule.parse(require("../../package.json"));
  return cached;
}

/** `git+https://github.com/owner/repo.git` -> `github.com/owner/repo`, the form Pulumi's git sources take. */
export function repositoryPath(url: string): string {
  return url
    .replace(/^git\+/, "")
    .replace(/^https?:\/\//, "")
    .replace(/\.git$/, "");
}
