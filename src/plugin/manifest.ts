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

/**
 * Where `pulumi plugin install` and automatic plugin acquisition fetch the plugin: this repository's GitHub
 * releases. `github://api.github.com/<owner>/<repo>` makes the CLI look up the release tagged `v<version>` and
 * take its asset `pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz` (pulumi/pulumi
 * sdk/go/common/workspace/plugins.go, newGithubSource and githubSource.downloadViaAPI); the release workflow
 * attaches exactly those archives (tools/release/plugin-archive.ts).
 */
export function pluginDownloadURL(url: string): string {
  const match = /^github\.com\/([^/]+)\/([^/]+)$/.exec(repositoryPath(url));
  if (!match)
    throw new Error(
      `package.json repository.url ${url} is not a GitHub repository: set pluginDownloadURL by hand.`,
    );
  return `github://api.github.com/${match[1]}/${match[2]}`;
}
