// Run in a fresh node process: a program that imports the package and declares one of each resource under the
// SDK's mocks, then prints every module file the process has loaded (as JSON on stdout).
const path = require("node:path");
const pulumi = require("@pulumi/pulumi");

const dist = process.argv[2];

(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: () => ({}),
    },
    "project",
    "stack",
    true,
  );
  const pkg = require(path.join(dist, "index.js"));
  new pkg.Survey("survey", { name: "Feedback", type: "api" });
  new pkg.Invite("invite", { targetEmail: "a@example.com" });
  new pkg.InviteBatch("batch", { invites: [{ targetEmail: "b@example.com" }] });
  await pulumi.runtime.disconnect();
  process.stdout.write(JSON.stringify(Object.keys(require.cache)));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
