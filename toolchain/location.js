// Where the pinned Pulumi toolchain lives: outside the repository, in the user's cache, one folder per set of pins.
// toolchain/build.mjs builds into it; test/support/pulumi-cli.ts looks in it. The pins are toolchain/pins.json.
"use strict";
const os = require("os");
const path = require("path");
const fs = require("fs");

const PINS_FILE = path.join(__dirname, "pins.json");

/** The pins, as written in toolchain/pins.json. */
function readPins() {
  return JSON.parse(fs.readFileSync(PINS_FILE, "utf8"));
}

/**
 * The pins with the CLI at another release: `"oldest"` names `pulumiOldest` (the bottom of the verified range the
 * README states), a `v3.x.y` names itself, and undefined keeps `pulumi`. The toolchain folder is keyed by it.
 */
function pinsFor(cli, pins = readPins()) {
  if (cli === undefined || cli === "" || cli === "newest") return pins;
  const pulumi = cli === "oldest" ? pins.pulumiOldest : cli;
  if (!/^v3\.\d+\.\d+$/.test(pulumi)) throw new Error(`a Pulumi CLI release looks like v3.274.1, not ${cli}`);
  return { ...pins, pulumi };
}

/** `${XDG_CACHE_HOME:-~/.cache}/pulumi-posthog/toolchain/<pulumi>-yaml-<pulumiYaml>`. */
function toolchainDir(pins = readPins(), env = process.env) {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cache, "pulumi-posthog", "toolchain", `pulumi-${pins.pulumi}-yaml-${pins.pulumiYaml}`);
}

/** The folder holding `pulumi` and the language hosts; the build prints it as its last line. */
function binDir(pins = readPins(), env = process.env) {
  return path.join(toolchainDir(pins, env), "bin");
}

/**
 * Names a folder of language hosts (`pulumi-language-<runtime>`) that every CLI run of the tests and scripts uses
 * ahead of the toolchain's stand-ins: Pulumi's real hosts, built by hand for the cross-check
 * (docs/contributing/engine-cross-check.md#the-stand-in-hosts-against-pulumis-own).
 */
const LANGUAGE_HOSTS_ENV = "PULUMI_POSTHOG_LANGUAGE_HOSTS";

/**
 * The folders a CLI run's PATH starts with: LANGUAGE_HOSTS_ENV's folder when it is set, then the CLI's own folder
 * (its stand-in hosts and helper scripts). The CLI takes a language host found on PATH before the one beside its
 * own binary (getPluginPath in Pulumi's sdk/go/common/workspace/plugins.go, with the warning "using
 * pulumi-language-<runtime> from $PATH"), so the first folder here that has a host is the one that runs.
 */
function hostFolders(cliFolder, env = process.env) {
  const hosts = env[LANGUAGE_HOSTS_ENV];
  return [...(hosts ? [path.resolve(hosts)] : []), cliFolder];
}

/** A CLI run's PATH: hostFolders, then the PATH given. */
function cliPath(cliFolder, env = process.env) {
  return [...hostFolders(cliFolder, env), env.PATH ?? ""].join(path.delimiter);
}

module.exports = {
  PINS_FILE,
  readPins,
  pinsFor,
  toolchainDir,
  binDir,
  LANGUAGE_HOSTS_ENV,
  hostFolders,
  cliPath,
};
