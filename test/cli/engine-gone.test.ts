// Issue 55, case 7, through the real `pulumi` CLI (dynamic providers, a JavaScript program): SIGKILL of the
// `pulumi` process alone (a pipeline's `timeout -s KILL`, the OOM killer) while the provider waits on PostHog
// before an invitation's POST. The engine starts providers in process groups of their own, so the provider lives
// on; it sends nothing once the engine is gone (src/provider-kit/engine-alive.ts) and exits. The documented recovery
// (`pulumi cancel`, `pulumi up`) then sends the one invitation: PostHog receives one POST for the address over all
// runs. What PostHog received and what the CLI said go to .tmp/engine-gone/dynamic.txt before the assertions.
import fs from "node:fs";
import path from "node:path";
import { requirePulumiCli } from "../support/pulumi-cli";
import { descendants } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import type { LoggedRequest } from "../support/stack";
import { inCliStack, waitFor } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const EMAIL = "engine-gone@example.com";
const HOLD_MS = 10_000;

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
};

const invitePosts = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method === "POST" && /\/invites\/$/.test(r.path));

describe("a provider whose engine is gone sends nothing, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program): SIGKILL of pulumi alone, then cancel and up: one invitation",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const program = [
        'const posthog = require("pulumi-posthog");',
        `new posthog.Invite("newcomer", { targetEmail: ${JSON.stringify(EMAIL)}, level: "member" });`,
        "",
      ].join("\n");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: engine-gone\nruntime: nodejs\nmain: index.js\n",
            "index.js": program,
          },
        },
        async (stack) => {
          const lines: string[] = ["# dynamic: SIGKILL of the pulumi process alone"];
          // The provider's invite listing before its first POST is held: the kill lands while it waits.
          await stack.control("POST", "/faults", {
            faults: [{ method: "GET", path: "/invites/?$", times: 1, latencyMs: HOLD_MS }],
          });
          const run = stack.spawnCli("up", "--yes", "--skip-preview");
          await waitFor("the invite's create", async () =>
            /newcomer\s+creating/.test(run.output()) ? true : undefined,
          );
          const left = descendants(run.child.pid ?? 0);
          // The provider: node, under the shell script the engine starts (pulumi-resource-pulumi-nodejs).
          const provider = left.filter((pid) => /dynamic-provider|pulumi-resource/.test(cmdline(pid)));
          lines.push(`processes below pulumi at the kill: ${left.length}`);
          run.child.kill("SIGKILL");
          await run.exited;
          // Until the provider is gone (the fix) or it sent its POST with no engine (before it).
          await waitFor(
            "the provider's exit or its POST",
            async () =>
              provider.every((pid) => !alive(pid)) || invitePosts(await stack.requests()).length > 0
                ? true
                : undefined,
            HOLD_MS * 4,
          );
          const afterKill = await stack.requests();
          // The provider, and the language host, which waits on its engine (not this fix's to stop).
          const stillThere = left.filter(alive);
          const providers = provider.filter(alive);
          for (const pid of stillThere) process.kill(pid, "SIGKILL");
          await stack.control("DELETE", "/faults");
          const file = path.join(REPO_ROOT, ".tmp", "engine-gone", "dynamic.txt");
          fs.mkdirSync(path.dirname(file), { recursive: true });
          const save = () => fs.writeFileSync(file, lines.join("\n"));
          lines.push(
            "## pulumi up, SIGKILL to pulumi alone while the provider waits",
            "requests PostHog received:",
            ...afterKill.map((r) => `  ${r.method} ${r.path} ${r.status}`),
            `provider processes left running: ${providers.length}`,
            "the CLI's output:",
            ...run
              .output()
              .split("\n")
              .map((l) => `  ${l}`),
          );
          save();

          await stack.cli("cancel", "--yes");
          await stack.clearRequests();
          let recovered = true;
          let said = "";
          try {
            const up = await stack.cli("up", "--yes", "--skip-preview");
            said = `${up.stdout}\n${up.stderr}`;
          } catch (error) {
            recovered = false;
            said = String((error as Error).message);
          }
          const afterUp = await stack.requests();
          const { invites } = await stack.control<{ invites: { target_email: string }[] }>("GET", "/state");
          lines.push(
            `## pulumi cancel, pulumi up -> ${recovered ? "succeeded" : "failed"}`,
            "requests PostHog received:",
            ...afterUp.map((r) => `  ${r.method} ${r.path} ${r.status}`),
            "the CLI's errors and warnings:",
            ...said
              .split("\n")
              .filter((l) => /error|warning|Invite "/i.test(l))
              .map((l) => `  ${l.trim()}`),
            `PostHog holds invites for: ${invites.map((i) => i.target_email).join(", ")}`,
          );
          save();
          console.log(lines.join("\n"));

          expect(invitePosts(afterKill)).toEqual([]);
          expect(providers).toEqual([]);
          expect(recovered).toBe(true);
          expect(invitePosts(afterUp)).toHaveLength(1);
          expect(invites.map((i) => i.target_email)).toEqual([EMAIL]);
        },
      );
    },
    1_200_000,
  );
});
