// Run in a fresh node process: loads each resource's engine calls, runs configure, check and diff, and prints every
// module file the process has loaded (as JSON on stdout). With "provider" as its second argument it loads them the
// way the shims do (resources/*/provider.js, the bundle); with "calls", each compiled module on its own.
const path = require("node:path");

const dist = process.argv[2];
const MODULES = {
  provider: ["resources/survey/provider", "resources/invite/provider", "resources/invite/batch-provider"],
  calls: ["resources/survey/calls", "resources/invite/calls", "resources/invite/batch-calls"],
};
const modules = MODULES[process.argv[3]];
const calls = [
  {
    module: modules[0],
    news: { name: "Feedback", type: "api", baseLanguage: "en" },
    olds: {
      projectId: "1",
      surveyId: "s",
      name: "Feedback",
      type: "api",
      declared: { name: "Feedback", type: "api" },
    },
  },
  {
    module: modules[1],
    news: { targetEmail: "a@example.com" },
    olds: { organizationId: "o", targetEmail: "a@example.com", level: "member", declared: {} },
  },
  {
    module: modules[2],
    news: { invites: [{ targetEmail: "a@example.com" }] },
    olds: { organizationId: "o", invites: [], invitations: {}, message: null, sendEmail: true },
  },
];

(async () => {
  for (const call of calls) {
    const provider = require(path.join(dist, call.module));
    await provider.configure({ config: { get: () => undefined } });
    const checked = await provider.check({}, call.news);
    if (checked.failures && checked.failures.length > 0) throw new Error(JSON.stringify(checked.failures));
    await provider.diff("id", call.olds, checked.inputs);
  }
  process.stdout.write(JSON.stringify(Object.keys(require.cache)));
})().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
