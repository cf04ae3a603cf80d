// `npm run toolchain`: builds the pinned Pulumi toolchain (toolchain/pins.json) from the Go module proxy into the
// user's cache (toolchain/location.js), and prints the bin folder as its last line. How and why:
// docs/contributing/pulumi-toolchain.md.
//
// `npm run toolchain -- --cli oldest` (or `--cli v3.x.y`) builds another CLI release into a folder keyed by it, for
// the compat suite's CLI range; `--cli-only` skips YAML and Java (the range is checked with the TypeScript program).
//
// Each piece has a stamp (its inputs, as JSON) beside the binaries; a piece whose stamp matches and whose outputs
// exist is skipped, so a second run takes seconds. A piece that cannot be built is reported and the rest carries
// on; the run fails only when the CLI or the nodejs language host is missing at the end.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const require = createRequire(import.meta.url);
const { pinsFor, readPins, toolchainDir, binDir } = require("./location.js");

const here = path.dirname(new URL(import.meta.url).pathname);
const argv = process.argv.slice(2);
const cliArg = argv.includes("--cli") ? argv[argv.indexOf("--cli") + 1] : undefined;
const cliOnly = argv.includes("--cli-only");
const pins = pinsFor(cliArg);
// Another CLI release than the pin borrows the pinned toolchain's stand-in host (step 4), so its wrapper module
// holds no host source: the stand-in is written against the pinned pkg/v3 and does not build against older ones.
const borrowsHosts = pins.pulumi !== readPins().pulumi;
const root = toolchainDir(pins);
const bin = binDir(pins);
const src = path.join(root, "src");
const stamps = path.join(root, "stamps");
const started = Date.now();

// Pulumi's language host modules, tried first at the pinned release; the stand-in covers what the proxy refuses.
const REAL_HOSTS = {
  nodejs: "github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3",
  python: "github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3",
  go: "github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3",
};
// The helper scripts the hosts run, from the sdk/v3 module (they lose their run bits in the module zip).
const SDK_HELPERS = {
  "pulumi-resource-pulumi-nodejs": "nodejs/dist/pulumi-resource-pulumi-nodejs",
  "pulumi-resource-pulumi-python": "python/dist/pulumi-resource-pulumi-python",
  "pulumi-language-python-exec": "python/cmd/pulumi-language-python-exec",
};
const STAND_IN = "pulumi-posthog-language-host";

const results = []; // { piece, status: "built" | "cached" | "refused" | "failed", detail }
const say = (line) => console.log(line);
const elapsed = (since) => `${Math.round((Date.now() - since) / 1000)}s`;

const goEnv = {
  ...process.env,
  CGO_ENABLED: "0",
  GOFLAGS: "-buildvcs=false",
  GOTOOLCHAIN: "local",
};

/** Runs a command, streaming nothing but a progress line every 20s; resolves with { code, out }. */
function run(cmd, args, { cwd, label, env = goEnv } = {}) {
  return new Promise((resolve) => {
    const since = Date.now();
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let packages = 0;
    const onData = (chunk) => {
      const text = chunk.toString();
      out += text;
      // `go build -v` names each package as it compiles it: a count is the progress.
      packages += text.split("\n").filter((l) => l && !l.startsWith("go: ") && !l.includes(" ")).length;
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    const timer = label
      ? setInterval(
          () => say(`  … ${label}: ${elapsed(since)}, ${packages} packages compiled so far`),
          20_000,
        )
      : undefined;
    child.on("error", (err) => {
      clearInterval(timer);
      resolve({ code: 1, out: out + String(err) });
    });
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ code: code ?? 1, out });
    });
  });
}

const stampPath = (piece) => path.join(stamps, `${piece}.json`);
function upToDate(piece, inputs, outputs) {
  try {
    const stamp = fs.readFileSync(stampPath(piece), "utf8");
    return stamp === JSON.stringify(inputs) && outputs.every((file) => fs.existsSync(file));
  } catch {
    return false;
  }
}
function stamp(piece, inputs) {
  fs.mkdirSync(stamps, { recursive: true });
  fs.writeFileSync(stampPath(piece), JSON.stringify(inputs));
}

/** The first lines of a go error, which name the module and the proxy's answer. */
const goError = (out) =>
  out
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("go: downloading"))
    .slice(0, 4)
    .join("\n");

/** The wrapper module everything from pulumi/pulumi is built in: the CLI, Pulumi's hosts if served, the stand-in. */
function writeWrapperModule(extraRequires) {
  fs.mkdirSync(path.join(src, "hosts"), { recursive: true });
  const [replaceModule, replaceVersion] = pins.clipboardReplace.split(" ");
  const requires = [
    `github.com/pulumi/pulumi/pkg/v3 ${pins.pulumi}`,
    `github.com/pulumi/pulumi/sdk/v3 ${pins.pulumi}`,
    ...extraRequires.map((module) => `${module} ${pins.pulumi}`),
  ];
  const gomod = [
    "// Generated by toolchain/build.mjs from toolchain/pins.json: a wrapper that requires Pulumi's released",
    "// modules, because their own go.mod replace directives stop `go install` from building them directly.",
    "module pulumi-posthog.local/toolchain",
    "",
    "go 1.26",
    "",
    "require (",
    ...requires.map((r) => `\t${r}`),
    ")",
    "",
    `replace github.com/atotto/clipboard => ${replaceModule} ${replaceVersion}`,
    "",
  ].join("\n");
  // Written afresh each run; go.sum stays, so `go mod tidy` only re-reads the module cache.
  fs.writeFileSync(path.join(src, "go.mod"), gomod);
  fs.writeFileSync(
    path.join(src, "tools.go"),
    `//go:build tools\n\n// Keeps the CLI's packages in the wrapper's module graph.\npackage tools\n\nimport _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"\n`,
  );
  const hostsDir = path.join(here, "hosts");
  for (const file of fs.readdirSync(path.join(src, "hosts"))) fs.rmSync(path.join(src, "hosts", file));
  if (borrowsHosts) return;
  for (const file of fs.readdirSync(hostsDir).filter((f) => f.endsWith(".go"))) {
    fs.copyFileSync(path.join(hostsDir, file), path.join(src, "hosts", file));
  }
}

function hashOf(files) {
  const hash = createHash("sha256");
  for (const file of files) hash.update(path.basename(file)).update(fs.readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

const hostsHash = () => {
  const hostsDir = path.join(here, "hosts");
  return hashOf(
    fs
      .readdirSync(hostsDir)
      .sort()
      .map((file) => path.join(hostsDir, file)),
  );
};

async function goVersion() {
  const { code, out } = await run("go", ["env", "GOVERSION"]);
  if (code !== 0) throw new Error(`go is not usable: ${out}`);
  return out.trim();
}

/** Asks the proxy for a module at a version; resolves with undefined when served, else its refusal. */
async function probe(module, version) {
  const { code, out } = await run("go", ["list", "-m", "-json", `${module}@${version}`], {
    cwd: os.tmpdir(),
  });
  return code === 0 ? undefined : goError(out);
}

async function main() {
  say(
    `pulumi-posthog toolchain: pulumi ${pins.pulumi}, pulumi-yaml ${pins.pulumiYaml} (toolchain/pins.json)`,
  );
  say(`into ${root}`);
  fs.mkdirSync(bin, { recursive: true });
  const go = await goVersion();
  const ldVersion = `-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=${pins.pulumi}`;

  // 1. Pulumi's own language hosts, if the proxy serves them at the pinned release.
  say("[1/6] Pulumi's language host modules (nodejs, python, go) on the module proxy");
  const served = [];
  const refused = {};
  for (const [language, module] of Object.entries(REAL_HOSTS)) {
    const refusal = await probe(module, pins.pulumi);
    if (refusal) {
      refused[language] = refusal;
      say(`  ${language}: refused, the stand-in host is used\n    ${refusal.replace(/\n/g, "\n    ")}`);
    } else {
      served.push(language);
      say(`  ${language}: served at ${pins.pulumi}`);
    }
  }
  writeWrapperModule(served.map((language) => REAL_HOSTS[language]));

  // 2. The wrapper's module graph.
  say("[2/6] go mod tidy in the wrapper module");
  const tidy = await run("go", ["mod", "tidy"], { cwd: src, label: "go mod tidy" });
  if (tidy.code !== 0) {
    results.push({ piece: "wrapper module", status: "failed", detail: goError(tidy.out) });
    return finish();
  }

  // 3. The CLI.
  say(`[3/6] the CLI: github.com/pulumi/pulumi/pkg/v3/cmd/pulumi@${pins.pulumi}`);
  await buildPiece(
    "pulumi",
    { pulumi: pins.pulumi, tags: pins.buildTags, go },
    [path.join(bin, "pulumi")],
    [
      "build",
      "-v",
      "-tags",
      pins.buildTags,
      "-ldflags",
      ldVersion,
      "-o",
      path.join(bin, "pulumi"),
      "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi",
    ],
  );

  // 4. Language hosts: Pulumi's where served, else the stand-in under the host's name. Another CLI release than the
  // pin borrows the pinned toolchain's stand-in: it is written against the pinned pkg/v3 (pcl.BindProgram changed
  // its arguments after v3.217.1), and the engine's language-host protocol is the same on both sides.
  if (borrowsHosts && Object.keys(refused).length > 0) {
    say(`[4/6] language hosts: the stand-in of the pinned toolchain (${readPins().pulumi})`);
    const pinnedStandIn = path.join(binDir(readPins()), STAND_IN);
    const ok = fs.existsSync(pinnedStandIn);
    linkHosts(Object.keys(refused), ok ? pinnedStandIn : undefined, {
      status: "borrowed",
      detail: `-> ${pinnedStandIn}`,
      failure: `build the pinned toolchain first (npm run toolchain): ${pinnedStandIn}`,
    });
    for (const language of Object.keys(refused)) delete refused[language];
  } else {
    say("[4/6] language hosts for nodejs, python and go");
  }
  for (const language of served) {
    await buildPiece(
      `pulumi-language-${language}`,
      { pulumi: pins.pulumi, go, module: REAL_HOSTS[language] },
      [path.join(bin, `pulumi-language-${language}`)],
      [
        "build",
        "-v",
        "-ldflags",
        ldVersion,
        "-o",
        path.join(bin, `pulumi-language-${language}`),
        REAL_HOSTS[language],
      ],
    );
  }
  if (Object.keys(refused).length > 0) {
    const standIn = path.join(bin, STAND_IN);
    const standInInputs = { pulumi: pins.pulumi, tags: pins.buildTags, go, hosts: hostsHash() };
    // Our own Go code: `go vet` and its tests (toolchain/hosts/*_test.go) run whenever it changes; a failure shows
    // in the summary and fails the toolchain (finish), so CI cannot pass over it. The CLI suite exercises the hosts.
    await buildPiece(`${STAND_IN} vet`, standInInputs, [], ["vet", "-tags", pins.buildTags, "./hosts"]);
    await buildPiece(`${STAND_IN} tests`, standInInputs, [], ["test", "-tags", pins.buildTags, "./hosts"]);
    const ok = await buildPiece(
      STAND_IN,
      standInInputs,
      [standIn],
      [
        "build",
        "-v",
        "-tags",
        pins.buildTags,
        "-ldflags",
        `-X main.version=${pins.pulumi.replace(/^v/, "")}+pulumi-posthog.stand-in`,
        "-o",
        standIn,
        "./hosts",
      ],
    );
    linkHosts(Object.keys(refused), ok ? STAND_IN : undefined, {
      status: "stand-in",
      detail: `-> ${STAND_IN} (Pulumi's module refused by the proxy)`,
      failure: "the stand-in did not build",
    });
  }

  // 5. The helper scripts from the sdk module.
  say("[5/6] helper scripts from github.com/pulumi/pulumi/sdk/v3");
  const sdk = await run("go", ["list", "-m", "-f", "{{.Dir}}", "github.com/pulumi/pulumi/sdk/v3"], {
    cwd: src,
  });
  for (const [name, inModule] of Object.entries(SDK_HELPERS)) {
    const from = path.join(sdk.out.trim(), inModule);
    if (sdk.code !== 0 || !fs.existsSync(from)) {
      results.push({ piece: name, status: "failed", detail: `not found in the sdk module: ${from}` });
      continue;
    }
    fs.copyFileSync(from, path.join(bin, name));
    fs.chmodSync(path.join(bin, name), 0o755);
    results.push({ piece: name, status: "copied", detail: `sdk/v3@${pins.pulumi} ${inModule}` });
  }

  // 6. YAML: Pulumi's host from github.com/pulumi/pulumi-yaml (no replaces), wrapped in toolchain/yaml for Link
  // (see its main.go), in a module of its own because it requires an older pkg/v3 than the CLI.
  if (cliOnly) {
    say("[6/6] YAML and Java: skipped (--cli-only)");
    return finish();
  }
  say(`[6/6] github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@${pins.pulumiYaml}; pulumi-java`);
  const yamlSrc = path.join(root, "src-yaml");
  fs.mkdirSync(yamlSrc, { recursive: true });
  fs.copyFileSync(path.join(here, "yaml", "main.go"), path.join(yamlSrc, "main.go"));
  fs.writeFileSync(
    path.join(yamlSrc, "go.mod"),
    `// Generated by toolchain/build.mjs from toolchain/pins.json.\nmodule pulumi-posthog.local/toolchain/yaml\n\n` +
      `go 1.24\n\nrequire github.com/pulumi/pulumi-yaml ${pins.pulumiYaml}\n`,
  );
  const yamlTidy = await run("go", ["mod", "tidy"], { cwd: yamlSrc, label: "go mod tidy (yaml)" });
  if (yamlTidy.code !== 0) {
    results.push({ piece: "pulumi-language-yaml", status: "failed", detail: goError(yamlTidy.out) });
  } else {
    await buildPiece(
      "pulumi-language-yaml",
      { yaml: pins.pulumiYaml, go, wrapper: hashOf([path.join(here, "yaml", "main.go")]) },
      [path.join(bin, "pulumi-language-yaml")],
      [
        "build",
        "-v",
        "-ldflags",
        `-X github.com/pulumi/pulumi-yaml/pkg/version.Version=${pins.pulumiYaml}`,
        "-o",
        path.join(bin, "pulumi-language-yaml"),
        ".",
      ],
      goEnv,
      yamlSrc,
    );
  }
  // Java: the host is pkg/cmd/pulumi-language-java in github.com/pulumi/pulumi-java (the root module since v1.23,
  // `pkg` before). The proxy answers for each candidate module; all of them are quoted when none is served.
  const java = await run(
    "go",
    ["install", "-v", `github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java@${pins.pulumiJava}`],
    { cwd: os.tmpdir(), env: { ...goEnv, GOBIN: bin }, label: "pulumi-language-java" },
  );
  if (java.code === 0) {
    results.push({
      piece: "pulumi-language-java",
      status: "built",
      detail: `pulumi-java@${pins.pulumiJava}`,
    });
  } else {
    const refusals = [goError(java.out)];
    for (const module of ["github.com/pulumi/pulumi-java", "github.com/pulumi/pulumi-java/pkg"]) {
      refusals.push((await probe(module, pins.pulumiJava)) ?? `${module}@${pins.pulumiJava} is served`);
    }
    say(`  pulumi-language-java: not built\n    ${refusals.join("\n").replace(/\n/g, "\n    ")}`);
    // The stand-in serves Java too (toolchain/hosts/java.go), as it does the languages refused in step 4.
    const standIn = borrowsHosts ? path.join(binDir(readPins()), STAND_IN) : STAND_IN;
    const built = fs.existsSync(borrowsHosts ? standIn : path.join(bin, STAND_IN));
    linkHosts(["java"], built ? standIn : undefined, {
      status: "stand-in",
      detail: `-> ${standIn} (pulumi-java@${pins.pulumiJava} refused by the proxy)`,
      failure: `pulumi-java@${pins.pulumiJava} refused by the proxy and no stand-in built: ${refusals[0]}`,
    });
  }
  return finish();
}

/** Points `pulumi-language-<language>` in bin at `target` for each language (a failure each when undefined). */
function linkHosts(languages, target, { status, detail, failure }) {
  for (const language of languages) {
    const link = path.join(bin, `pulumi-language-${language}`);
    fs.rmSync(link, { force: true });
    if (target) fs.symlinkSync(target, link);
    results.push({
      piece: `pulumi-language-${language}`,
      status: target ? status : "failed",
      detail: target ? detail : failure,
    });
  }
}

/** Builds one piece with go in the wrapper module unless its stamp says it is up to date. */
async function buildPiece(piece, inputs, outputs, goArgs, env = goEnv, cwd = src) {
  if (upToDate(piece, inputs, outputs)) {
    results.push({ piece, status: "cached", detail: "" });
    say(`  ${piece}: up to date`);
    return true;
  }
  const since = Date.now();
  say(`  ${piece}: building (go ${goArgs[0]}; a cold build of the CLI takes many minutes on 2 cores)`);
  const { code, out } = await run("go", goArgs, { cwd, env, label: piece });
  if (code !== 0 || !outputs.every((file) => fs.existsSync(file))) {
    results.push({ piece, status: "failed", detail: goError(out) });
    say(`  ${piece}: FAILED after ${elapsed(since)}\n    ${goError(out).replace(/\n/g, "\n    ")}`);
    return false;
  }
  stamp(piece, inputs);
  results.push({ piece, status: "built", detail: elapsed(since) });
  say(`  ${piece}: built in ${elapsed(since)}`);
  return true;
}

function finish() {
  say("");
  say(`toolchain summary (${elapsed(started)}):`);
  for (const { piece, status, detail } of results) {
    say(`  ${piece.padEnd(32)} ${status.padEnd(9)} ${detail.split("\n")[0]}`);
  }
  const has = (name) => {
    try {
      fs.accessSync(path.join(bin, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const ownChecks = results.filter((r) => r.status === "failed" && / (vet|tests)$/.test(r.piece));
  if (ownChecks.length > 0) {
    say(`toolchain checks failed: ${ownChecks.map((r) => r.piece).join(", ")} (see above)`);
    process.exitCode = 1;
  }
  const missing = ["pulumi", "pulumi-language-nodejs"].filter((name) => !has(name));
  if (missing.length > 0) {
    say(`toolchain incomplete: ${missing.join(" and ")} missing (see above)`);
    process.exitCode = 1;
  }
  // The last line is the bin folder, for scripts: `PATH="$(npm run -s toolchain | tail -1):$PATH"`.
  say(bin);
}

main().catch((err) => {
  results.push({ piece: "toolchain", status: "failed", detail: String(err) });
  finish();
  process.exitCode = 1;
});
