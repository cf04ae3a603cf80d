// Which API key `pulumi refresh` and `pulumi destroy` use, through the real CLI: the one stored with the default
// provider at the last `up`, not the stack config as it is now. Neither runs the program, so the engine configures
// the provider from the checkpoint (docs/contributing/engine-cross-check.md, "Where refresh and destroy get the
// provider's configuration"). The same steps run through the engine harness in test/reliability/auth.test.ts
// ("refresh and destroy use the key of the last up ..."); the two must agree.
import { failureOf, requirePulumiCli } from "../support/pulumi-cli";
import { inCliStack, type CliStack } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  'new posthog.Survey("survey", { name: "Auth survey", type: "popover" });',
  'new posthog.Invite("invite", { targetEmail: "auth@example.com", sendEmail: false });',
  'new posthog.InviteBatch("batch", { invites: [{ targetEmail: "auth-batch@example.com" }], sendEmail: false });',
  "",
].join("\n");

const REVOKED = "phx_revoked_key_abcdefghijklmnopqrstuv";
const REFUSED = "missing or invalid: set posthog:apiKey";

interface Held {
  surveys: unknown[];
  invites: unknown[];
}

interface Exported {
  deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] };
}

const held = (stack: CliStack) => stack.control<Held>("GET", "/state");

describe("the provider configuration at refresh and destroy, through the real Pulumi CLI", () => {
  withCli(
    "refresh and destroy use the key of the last up; an invalid one leaves everything in state and in PostHog",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: config-at-refresh\nruntime: nodejs\nmain: index.js\n",
            "index.js": PROGRAM,
          },
        },
        async (stack) => {
          await stack.cli("up", "--yes", "--skip-preview");

          // `config set` a key PostHog refuses, then refresh: it reads with the last up's key, and succeeds.
          await stack.setConfig({ "posthog:apiKey": { secret: REVOKED } });
          await stack.clearRequests();
          await stack.cli("refresh", "--yes", "--skip-preview");
          const reads = await stack.requests();
          expect(reads.length).toBeGreaterThan(0);
          expect(reads.map((r) => r.status)).not.toContain(401);

          // An up with nothing to change sends nothing, but stores the new key with the default provider.
          await stack.clearRequests();
          await stack.cli("up", "--yes", "--skip-preview");
          expect(await stack.requests()).toEqual([]);
          const exported = JSON.parse((await stack.cli("stack", "export")).stdout) as Exported;
          const provider = exported.deployment.resources.find(
            (r) => r.type === "pulumi:providers:pulumi-nodejs",
          );
          expect(Object.keys(provider?.inputs ?? {})).toContain("posthog:apiKey");
          expect(JSON.stringify(exported)).not.toContain(REVOKED); // stored encrypted

          // Now refresh, and destroy after the good key is back in config, both use the refused key.
          const refresh = await failureOf(stack.cli("refresh", "--yes", "--skip-preview"));
          await stack.setConfig({ "posthog:apiKey": { secret: stack.apiKey } });
          const destroy = await failureOf(stack.cli("destroy", "--yes", "--skip-preview"));
          for (const message of [refresh, destroy]) {
            expect(message).toContain(REFUSED);
            expect(message).not.toContain("revoked_key");
          }
          const kept = await held(stack);
          expect(kept.surveys).toHaveLength(1);
          expect(kept.invites).toHaveLength(2);
          const after = JSON.parse((await stack.cli("stack", "export")).stdout) as Exported;
          // The survey, the invite, the batch and the stack's mark (src/resources/stack-mark).
          expect(
            after.deployment.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic")),
          ).toHaveLength(4);

          // An up with the good key stores it again; then destroy removes everything.
          await stack.cli("up", "--yes", "--skip-preview");
          await stack.setConfig({ "posthog:apiKey": { secret: REVOKED } });
          await stack.cli("destroy", "--yes", "--skip-preview");
          expect(await held(stack)).toMatchObject({ surveys: [], invites: [] });
        },
      );
    },
    1_800_000,
  );
});
