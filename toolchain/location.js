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

module.exports = { PINS_FILE, readPins, pinsFor, toolchainDir, binDir };
