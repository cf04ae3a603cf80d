// The harness's provider plugins start with test/setup/lazy-sdk-preload.js, which resolves "typescript" to
// test/setup/lazy-typescript.js: the real compiler, loaded on the first read of a member. Loading the SDK must not
// load it, and the SDK's use of it (serializing a function) must still get the real module's members.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

const PRELOAD = path.join(REPO_ROOT, "test", "setup", "lazy-sdk-preload.js");
const COMPILER = /[\\/]typescript[\\/]lib[\\/]typescript\.js$/;

/** Runs `script` in a plain Node process with the plugins' preload; what it prints, as JSON. */
function inPluginProcess(script: string): unknown {
  const out = execFileSync(process.execPath, ["--require", PRELOAD, "-e", script], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    timeout: 60_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out);
}

test("loading @pulumi/pulumi leaves the TypeScript compiler unloaded", () => {
  const loaded = inPluginProcess(`
    require("@pulumi/pulumi");
    const compiler = ${String(COMPILER)};
    console.log(JSON.stringify(Object.keys(require.cache).filter((f) => compiler.test(f))));
  `);
  expect(loaded).toEqual([]);
});

test("the SDK's first use of typescript gets the real compiler", () => {
  const seen = inPluginProcess(`
    const pulumi = require("@pulumi/pulumi");
    const ts = require("@pulumi/pulumi/typescript-shim");
    const real = require(${JSON.stringify(require.resolve("typescript/lib/typescript.js"))});
    pulumi.runtime.serializeFunction(() => 42).then((s) =>
      console.log(JSON.stringify({
        sameKind: ts.SyntaxKind === real.SyntaxKind,
        sameParser: ts.createSourceFile === real.createSourceFile,
        version: ts.version === real.version,
        serialized: s.text.includes("42"),
      })),
    );
  `);
  expect(seen).toEqual({ sameKind: true, sameParser: true, version: true, serialized: true });
});
