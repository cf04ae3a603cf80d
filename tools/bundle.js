// `npm run build`'s last step: replaces the two compiled modules a provider process starts from with a bundle of
// each and of every module it loads, so that process reads one file of ours instead of one per module:
// - dist/providers.js, every resource's engine calls, which the dynamic provider process loads through the shims
//   (src/resources/*/provider.ts);
// - dist/plugin/main.js, the posthog-iac plugin's executable (run-plugin.js, the language host's entry, requires it).
// Loading was most of what a provider spends before its first Check answers (docs/contributing/performance.md, "The
// cold start"): about 45 of our modules and zod's 100, each a file to find, read and compile.
//
// The bundle is made from the compiled CommonJS files, so each module keeps its own scope and still runs only when it
// is first required: a `require("./apply")` inside a function stays a load on first use, and a preview still runs no
// HTTP client code. Every dependency stays a `require` of the installed package (the SDK's gRPC bindings must be the
// ones the SDK uses, and axios loads on first use), except zod, which is bundled without its ~40 translations of its
// own messages: `z.locales` is never read here, and zod's messages stay in English, the one locale zod configures
// itself with (zod/v4/classic/external, `config(en())`).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const esbuild = require("esbuild");

const root = path.join(__dirname, "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const BUNDLED = new Set(["zod"]);
const external = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/** zod's index of every locale, as an empty module (see above). */
const noZodLocales = {
  name: "no-zod-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.c?js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: "zod-locales", namespace: "empty" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({
      contents: "module.exports = {};",
      loader: "js",
    }));
  },
};

const ENTRIES = ["providers.js", path.join("plugin", "main.js")];
const BANNER = "// Bundled by tools/bundle.js from the compiled module of this name and what it loads.";

/** Both bundles at once, from the compiled files as tsc wrote them: neither may take in the other's bundle. */
async function main() {
  const dist = path.join(root, "dist");
  for (const entry of ENTRIES) {
    // A bundle of a bundle would hold a second copy of the modules the first one holds: start from tsc's output.
    if (fs.readFileSync(path.join(dist, entry), "utf8").includes(BANNER))
      throw new Error(
        `dist/${entry} is already a bundle: run \`npm run build\`, which compiles it again first.`,
      );
  }
  const result = await esbuild.build({
    entryPoints: ENTRIES.map((entry) => path.join(dist, entry)),
    outbase: dist,
    outdir: dist,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    external,
    plugins: [noZodLocales],
    write: false,
    allowOverwrite: true,
    logLevel: "warning",
    banner: { js: BANNER },
  });
  for (const output of result.outputFiles) fs.writeFileSync(output.path, output.contents);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
