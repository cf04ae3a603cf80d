// Loads the program in this folder the way the Pulumi CLI's Node.js language host does: through the installed
// SDK's `cmd/run` entry point with the host's arguments (ts-node with the program's TypeScript, or the SDK's
// vendored one when the program has none; ES modules through ts-node/esm), the SDK's mocks standing in for the
// engine. Prints one JSON line: the Node and SDK versions, and every registered resource's type, name and
// serialized `__provider`.
// Plain CommonJS on purpose (.cjs, so also in "type": "module" programs): it runs under whichever Node the cell
// uses, before anything is compiled.
/* global require, process, setInterval, clearInterval -- a plain Node.js script, outside the TypeScript build */
"use strict";
const pulumi = require("@pulumi/pulumi");

const expected = Number(process.argv[2]);
const registered = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: () => ({}),
  },
  "compat",
  "dev",
  true,
);

let failure;
const fail = (err) => {
  failure = failure || err;
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

// What the language host runs: `node <sdk>/cmd/run --monitor=<addr> --project=… --stack=… --dry-run <program>`,
// the program being the folder, whose package.json names the entry. The mocks above answer instead of a monitor.
const entry = require.resolve("@pulumi/pulumi/cmd/run");
process.argv = [
  process.execPath,
  entry,
  "--monitor=mock",
  "--project=compat",
  "--stack=dev",
  "--dry-run",
  ".",
];
require(entry);

const started = Date.now();
const timer = setInterval(() => {
  const custom = registered.filter((r) => r.type !== "pulumi:pulumi:Stack");
  if (failure || custom.length >= expected || Date.now() - started > 60000) {
    clearInterval(timer);
    if (failure) {
      process.stderr.write(String((failure && failure.stack) || failure) + "\n");
      process.exit(1);
    }
    const sdk = require("@pulumi/pulumi/package.json").version;
    replayChecks(custom).then((resources) => {
      process.stdout.write(JSON.stringify({ node: process.version, sdk, resources }) + "\n");
      process.exit(custom.length >= expected ? 0 : 1);
    });
  }
}, 50);

// What `pulumi refresh` and `pulumi destroy` do with state: evaluate the stored `__provider` the way the SDK's
// dynamic-provider process does (require-from-string, resolving from the program folder) and call it. `check`
// needs no PostHog, so it shows the stored provider still finds the installed implementation.
async function replayChecks(resources) {
  const sdkDir = require("node:path").dirname(require.resolve("@pulumi/pulumi/package.json"));
  const requireFromString = require(require.resolve("require-from-string", { paths: [sdkDir] }));
  return Promise.all(
    resources.map(async ({ type, name, inputs }) => {
      const { __provider: provider, ...given } = inputs;
      // The mocks hand a preview's unknown inputs over as the SDK's Unknown object (the Survey's stack mark, the
      // output of a resource created in the same run); the engine sends a provider's check the unknown sentinel
      // string instead (@pulumi/pulumi runtime/rpc.ts, unknownValue), which is what a stored provider meets.
      const news = Object.fromEntries(
        Object.entries(given).map(([key, value]) => [
          key,
          pulumi.isUnknown(value) ? pulumi.runtime.unknownValue : value,
        ]),
      );
      let check;
      try {
        const result = await requireFromString(provider).handler().check({}, news);
        check = { failures: result.failures || [] };
      } catch (err) {
        check = { error: String((err && err.message) || err) };
      }
      return { type, name, provider, check };
    }),
  );
}
