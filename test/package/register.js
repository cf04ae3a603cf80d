// Runs in a plain Node process inside the consumer folder (not under jest, whose module registry hides
// modules from the closure serializer): declares resources under mocks and prints what Pulumi registered,
// including the serialized `__provider`, as one JSON line.
const pulumi = require("@pulumi/pulumi");

const registered = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: `${args.name}-preview-id`, state: args.inputs };
    },
    call: () => ({}),
  },
  "consumer",
  "dev",
  true,
);

const program = require(require("node:path").resolve(process.argv[2]));
const expected = Number(process.argv[3]);
const started = Date.now();
program.declare(require("pulumi-posthog"));
const timer = setInterval(() => {
  if (registered.length >= expected || Date.now() - started > 20000) {
    clearInterval(timer);
    process.stdout.write(JSON.stringify(registered) + "\n");
  }
}, 50);
