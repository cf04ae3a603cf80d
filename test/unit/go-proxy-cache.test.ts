// The local try's Go proxy folder and Go's module cache (tools/release/go-proxy.ts): a checkout's SDK changes
// without its version, and Go never re-reads a version its cache holds, so a copy of the SDK module from an earlier
// build must go, and only that one. Against a module cache of the test's own (GOMODCACHE), with the real `go env`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildGoProxy, sdkModulePath } from "../../tools/release/go-proxy";
import { REPO_ROOT } from "../support/self-link";

const hasGo = (() => {
  try {
    execFileSync("go", ["version"]);
    return true;
  } catch {
    return false;
  }
})();
const withGo = hasGo ? it : it.skip;

/** A module cache holding `<module>@v0.1.0` whose recorded hash is `hash`, as `go mod download` leaves it. */
function cacheHolding(hash: string): { cache: string; extracted: string; download: string } {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "go-proxy-cache-"));
  const module = sdkModulePath(REPO_ROOT);
  const download = path.join(cache, "cache/download", module, "@v");
  fs.mkdirSync(download, { recursive: true });
  for (const ext of ["info", "mod", "zip"]) fs.writeFileSync(path.join(download, `v0.1.0.${ext}`), "x");
  fs.writeFileSync(path.join(download, "v0.1.0.ziphash"), `${hash}\n`);
  fs.writeFileSync(path.join(download, "list"), "v0.1.0\n");
  const extracted = path.join(cache, `${module}@v0.1.0`);
  fs.mkdirSync(extracted, { recursive: true });
  fs.writeFileSync(path.join(extracted, "go.mod"), "module old\n");
  // Go leaves the extracted module read-only.
  fs.chmodSync(path.join(extracted, "go.mod"), 0o444);
  fs.chmodSync(extracted, 0o555);
  return { cache, extracted, download };
}

function build(cache: string): string {
  const before = process.env.GOMODCACHE;
  process.env.GOMODCACHE = cache;
  try {
    return buildGoProxy(REPO_ROOT, fs.mkdtempSync(path.join(os.tmpdir(), "go-proxy-")), "0.1.0");
  } finally {
    if (before === undefined) delete process.env.GOMODCACHE;
    else process.env.GOMODCACHE = before;
  }
}

withGo(
  "a cached copy of another build of the SDK version is removed; the module's other versions stay",
  () => {
    const { cache, extracted, download } = cacheHolding("h1:an-older-build=");
    fs.writeFileSync(path.join(download, "v0.0.9.zip"), "older version");
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    build(cache);
    expect(fs.existsSync(extracted)).toBe(false);
    expect(fs.readdirSync(download).sort()).toEqual(["list", "v0.0.9.zip"]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("held another build of"));
  },
);

withGo("a cached copy of this very build is kept", () => {
  // What a real cache records for this build: Go's own hash of the proxy folder's zip, by `go mod download` from it.
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  const proxy = build(fs.mkdtempSync(path.join(os.tmpdir(), "go-proxy-empty-")));
  const module = sdkModulePath(REPO_ROOT);
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "go-proxy-real-"));
  const downloaded = JSON.parse(
    execFileSync("go", ["mod", "download", "-json", `${module}@v0.1.0`], {
      cwd: fresh,
      env: {
        ...process.env,
        GOMODCACHE: fresh,
        GOPROXY: `file://${proxy}`,
        GOSUMDB: "off",
        GOFLAGS: "-modcacherw",
      },
      encoding: "utf8",
    }),
  ) as { Sum: string };
  const kept = cacheHolding(downloaded.Sum);
  (console.error as jest.Mock).mockClear();
  build(kept.cache);
  expect(fs.existsSync(kept.extracted)).toBe(true);
  expect(console.error).not.toHaveBeenCalled();
});
