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
import { createHash } from "node:crypto";
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
  // One list of the module's files for both the zip and the hash compared with Go's cached copy.
  const files = moduleFiles(sdk);
  const list = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-go-proxy-"));
  try {
    const listFile = path.join(list, "files.json");
    fs.writeFileSync(listFile, JSON.stringify(files));
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
  const hash = moduleHash(sdk, files, `${modulePath}@${tag}`);
  if (evictStaleCopy(modulePath, tag, hash))
    console.error(
      `local try: Go's module cache held another build of ${modulePath}@${tag}; removed it, so the next ` +
        "`pulumi install` takes this checkout's SDK.",
    );
  return destination;
}

/**
 * Go's h1 hash of a module's files, as go.sum and the module cache's `.ziphash` record it
 * (golang.org/x/mod/sumdb/dirhash, Hash1: a SHA-256 of the lines "<sha256 hex>  <name>\n" over the files sorted
 * by name, each named `<module>@<version>/<path>` as in the module zip).
 */
function moduleHash(dir: string, files: string[], prefix: string): string {
  const summary = createHash("sha256");
  for (const file of files.map((f) => `${prefix}/${f}`).sort()) {
    const content = fs.readFileSync(path.join(dir, file.slice(prefix.length + 1)));
    summary.update(`${createHash("sha256").update(content).digest("hex")}  ${file}\n`);
  }
  return `h1:${summary.digest("base64")}`;
}

/**
 * A checkout's SDK changes without its version changing, and Go's module cache never re-reads a version it holds
 * (https://go.dev/ref/mod#module-cache): a copy of `<module>@<tag>` from an earlier local try would win over the
 * proxy folder, and the program would build against the old SDK. Removes that copy when its hash differs from this
 * build's (the extracted folder and the download cache's files for the version; Go makes them read-only). Returns
 * whether it removed one. Without `go` on PATH there is no cache to look at.
 */
function evictStaleCopy(modulePath: string, tag: string, hash: string): boolean {
  let cache: string;
  try {
    cache = execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8", env: process.env }).trim();
  } catch {
    return false;
  }
  // Module paths in the cache escape capitals as "!" and the lower-case letter (golang.org/x/mod/module, EscapePath).
  const escaped = modulePath.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
  const download = path.join(cache, "cache", "download", ...escaped.split("/"), "@v");
  const ziphash = path.join(download, `${tag}.ziphash`);
  if (!cache || !fs.existsSync(ziphash) || fs.readFileSync(ziphash, "utf8").trim() === hash) return false;
  const writable = (target: string): void => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    fs.chmodSync(target, stat.mode | 0o200);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) writable(path.join(target, entry));
  };
  const extracted = path.join(cache, ...escaped.split("/")) + `@${tag}`;
  if (fs.existsSync(extracted)) {
    writable(extracted);
    fs.rmSync(extracted, { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(download))
    if (entry.startsWith(`${tag}.`)) fs.rmSync(path.join(download, entry), { force: true });
  return true;
}
