// The Go SDK of this checkout as a Go module proxy in a folder, for the local try: a Go program's go.mod requires
// `github.com/pulumi-posthog/pulumi-posthog/sdk v<version>` as it will from a release, and before the release
// `GOPROXY=file://<folder>,https://proxy.golang.org` gives `go` (and so `pulumi install`, whose Go host runs
// `go mod tidy`) this module from the folder and everything else from the usual proxy. Nothing in the program's
// files then differs between the local try and the release, so a teammate's clone repeats the same route.
//
// The layout is the GOPROXY protocol's (`<module>/@v/list`, `<version>.info`, `.mod`, `.zip`:
// https://go.dev/ref/mod#goproxy-protocol), and the zip is a module zip: every file of the module's folder under
// `<module>@<version>/`, without subfolders that are modules of their own, as `go` builds it from a tag
// (golang.org/x/mod/zip, CreateFromDir).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The module path sdk/go.mod declares. */
export function sdkModulePath(root: string): string {
  const goMod = fs.readFileSync(path.join(root, "sdk", "go.mod"), "utf8");
  const match = /^module\s+(\S+)/m.exec(goMod);
  if (!match) throw new Error("sdk/go.mod declares no module");
  return match[1];
}

/** The module's files, relative to its folder: no hidden or installed folders, no nested module. */
function moduleFiles(dir: string, rel = ""): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name.startsWith(".") || entry.name === "node_modules" || entry.name === "__pycache__")
        continue;
      if (fs.existsSync(path.join(dir, child, "go.mod"))) continue;
      files.push(...moduleFiles(dir, child));
    } else if (entry.isFile()) files.push(child);
  }
  return files.sort();
}

/**
 * Writes the proxy folder for the SDK module at `v<version>` into `destination` and returns it (the folder
 * GOPROXY names, `file://<destination>`). The zip is written with Python's zipfile, which the local try needs
 * for the Python wheel already.
 */
export function buildGoProxy(root: string, destination: string, version: string): string {
  const modulePath = sdkModulePath(root);
  const sdk = path.join(root, "sdk");
  const at = path.join(destination, ...modulePath.split("/"), "@v");
  fs.mkdirSync(at, { recursive: true });
  const tag = `v${version}`;
  fs.writeFileSync(path.join(at, "list"), `${tag}\n`);
  fs.writeFileSync(path.join(at, `${tag}.info`), `${JSON.stringify({ Version: tag })}\n`);
  fs.copyFileSync(path.join(sdk, "go.mod"), path.join(at, `${tag}.mod`));
  const list = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-go-proxy-"));
  try {
    const listFile = path.join(list, "files.json");
    fs.writeFileSync(listFile, JSON.stringify(moduleFiles(sdk)));
    const script = [
      "import json, sys, zipfile",
      "src, files, prefix, out = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3], sys.argv[4]",
      "with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:",
      "    for f in files:",
      "        z.write(src + '/' + f, prefix + '/' + f)",
    ].join("\n");
    execFileSync("python3", [
      "-c",
      script,
      sdk,
      listFile,
      `${modulePath}@${tag}`,
      path.join(at, `${tag}.zip`),
    ]);
  } finally {
    fs.rmSync(list, { recursive: true, force: true });
  }
  return destination;
}
