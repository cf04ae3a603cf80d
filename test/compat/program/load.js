// Loads the program in this folder the way the Pulumi CLI's Node.js language host does, through the
// installed SDK's `cmd/run` (ts-node with the program's TypeScript, or the SDK's vendored one when the program
// has none; ES modules through ts-node/esm), with the SDK's mocks standing in for the engine. Prints one JSON
// line: every registered resource's type, name and serialized `__provider`.
// Plain JavaScript on purpose: it runs under whichever Node the cell uses, before anything is compiled.
"use strict";
const pulumi = require("@pulumi/pulumi");
const { run } = require("@pulumi/pulumi/cmd/run/run");

const expected = Number(process.argv[2]);
const registered = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, provider: args.inputs.__provider });
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
// The same arguments the language host passes: the program is the folder, its package.json names the entry.
run({ _: ["."] }, () => undefined, fail, () => false).catch(fail);

const started = Date.now();
const timer = setInterval(() => {
  const custom = registered.filter((r) => r.type !== "pulumi:pulumi:Stack");
  if (failure || custom.length >= expected || Date.now() - started > 60000) {
    clearInterval(timer);
    if (failure) {
      process.stderr.write(String((failure && failure.stack) || failure) + "\n");
      process.exit(1);
    }
    process.stdout.write(JSON.stringify({ node: process.version, sdk: require("@pulumi/pulumi/package.json").version, resources: custom }) + "\n");
    process.exit(custom.length >= expected ? 0 : 1);
  }
}, 50);
