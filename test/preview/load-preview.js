// Run in a fresh node process: loads each provider module the way the shim does, runs configure, check and
// diff, and prints every module file the process has loaded (as JSON on stdout).
const path = require("node:path");

const dist = process.argv[2];
const calls = [
  {
    module: "resources/survey/provider",
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
    module: "resources/invite/provider",
    news: { targetEmail: "a@example.com" },
    olds: { organizationId: "o", targetEmail: "a@example.com", level: "member", declared: {} },
  },
  {
    module: "resources/invite/batch-provider",
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
