// The release's version check (tools/release/versions.ts): every manifest the release publishes from must carry
// the tag's version, and a refusal names the file and the fix.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkVersions, pep440, readPyprojectVersion, versionOfTag } from "../../tools/release/versions";
import { z } from "zod";
import { REPO_ROOT } from "../support/self-link";

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "release-versions-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const npmManifest = (name: string, version: string, more: object = {}) =>
  JSON.stringify({ name, version, ...more });

const consistent = (version: string) => ({
  "package.json": npmManifest("pulumi-posthog", version, {
    workspaces: ["packages/*"],
    dependencies: { "@pulumi-posthog/cli-options": `^${version}`, axios: "^1.0.0" },
  }),
  "packages/cli-options/package.json": npmManifest("@pulumi-posthog/cli-options", version),
  "packages/posthog-emulator/package.json": npmManifest("posthog-emulator", version, {
    dependencies: { "@pulumi-posthog/cli-options": `^${version}` },
  }),
  "packages/scratch/package.json": npmManifest("scratch", "0.0.0", { private: true }),
  "sdk/python/pyproject.toml": `[build-system]\nrequires = ["setuptools"]\n\n[project]\nname = "pulumi_posthog_iac"\nversion = "${pep440(version)}"\n`,
});

describe("the release's version check", () => {
  it("passes when every manifest carries the tag's version, and lists them (private workspaces left out)", () => {
    const report = checkVersions(tree(consistent("1.2.0")), "v1.2.0");
    expect(report.problems).toEqual([]);
    expect(report.manifests.map((m) => `${m.file} ${m.version}`)).toEqual([
      "packages/cli-options/package.json 1.2.0",
      "packages/posthog-emulator/package.json 1.2.0",
      "package.json 1.2.0",
      "sdk/python/pyproject.toml 1.2.0",
    ]);
  });

  it("names each file that disagrees, an internal range that would install an older release, and a missing SDK", () => {
    const files = consistent("1.2.0");
    files["packages/cli-options/package.json"] = npmManifest("@pulumi-posthog/cli-options", "1.1.0");
    files["packages/posthog-emulator/package.json"] = npmManifest("posthog-emulator", "1.2.0", {
      dependencies: { "@pulumi-posthog/cli-options": "^1.1.0" },
    });
    delete (files as Partial<typeof files>)["sdk/python/pyproject.toml"];
    expect(checkVersions(tree(files), "v1.2.0").problems).toEqual([
      'packages/posthog-emulator/package.json: @pulumi-posthog/cli-options is required as "^1.1.0"; the release publishes 1.2.0: write "^1.2.0".',
      "sdk/python/pyproject.toml is missing: the release builds the python SDK from it. Generate the SDKs (sdk/) before tagging.",
      "packages/cli-options/package.json: @pulumi-posthog/cli-options is at 1.1.0, but the tag v1.2.0 needs 1.2.0.",
    ]);
  });

  it("a pre-release tag needs Python's form of it in pyproject.toml", () => {
    const report = checkVersions(tree(consistent("2.0.0-rc.1")), "v2.0.0-rc.1");
    expect(report.problems).toEqual([]);
    expect(report.manifests.find((m) => m.file === "sdk/python/pyproject.toml")?.version).toBe("2.0.0rc1");
  });

  it("refuses a tag that is not v<semver>", () => {
    expect(() => versionOfTag("1.2.0")).toThrow('The tag "1.2.0" is not a release tag: push one like v1.2.3');
    expect(versionOfTag("v0.1.0")).toBe("0.1.0");
  });

  it("reads the project's own version from pyproject.toml, not another table's", () => {
    expect(readPyprojectVersion('[tool.x]\nversion = "9"\n[project]\nname = "a"\nversion = "1.0.0"\n')).toBe(
      "1.0.0",
    );
    expect(readPyprojectVersion('[tool.x]\nversion = "9"\n')).toBeUndefined();
  });

  it("on this repository, every npm manifest agrees with the root's version", () => {
    const { version } = z
      .object({ version: z.string() })
      .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));
    const report = checkVersions(REPO_ROOT, `v${version}`);
    const npm = report.manifests.filter((m) => m.file.endsWith("package.json"));
    expect(npm.map((m) => m.name).sort()).toEqual([
      "@pulumi-posthog/cli-options",
      "@pulumi-posthog/posthog-html",
      "posthog-emulator",
      "pulumi-posthog",
    ]);
    expect(npm.filter((m) => m.version !== version)).toEqual([]);
    // Only SDK manifests that do not exist yet may be reported (they come from `pulumi package gen-sdk`).
    expect(report.problems.filter((p) => !/^sdk\/\S+ is missing/.test(p))).toEqual([]);
  });
});
