// The CLI range the README states, verified: a TypeScript program, installed from the packed tarballs into a folder
// outside the repository as `npm run local:try` prints it, through the oldest CLI we build (toolchain/pins.json
// `pulumiOldest`) and the pinned newest (`pulumi`), each with the lowest SDK of the peer range and the newest one
// that runs on Node 20. In each cell: the emulator started as the install guide says (`npx posthog-emulator`),
// then preview, up, a no-op preview, destroy, with what PostHog received. The toolchains come from
// `npm run toolchain` and `npm run toolchain -- --cli oldest --cli-only` (.ci/run builds both first); a CLI
// whose toolchain is absent is reported skipped, naming the command.
import { ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { cleanEnv, exec, type Outcome } from "./exec";
import { SDK_PEER_MINIMUM } from "./cells";
import { TEMPLATES } from "./templates";
import { REPO_ROOT } from "../support/self-link";
import { npm, npmInstallLines, packAll, type LocalTarballs } from "../../tools/release/pack";
import { binDir, cliPath, pinsFor, readPins } from "../../toolchain/location";

const PINS = readPins();
const CLIS = [
  { label: "oldest", version: PINS.pulumiOldest, build: "npm run toolchain -- --cli oldest --cli-only" },
  { label: "newest", version: PINS.pulumi, build: "npm run toolchain" },
] as const;
/** The newest SDK line that runs on Node 20 (test/compat/cells.ts SDK_NODE20). */
const SDK_NODE20 = "~3.248.0";
const SDKS = [SDK_PEER_MINIMUM, SDK_NODE20];

const PROGRAM = `import * as posthog from "pulumi-posthog";

const nps = new posthog.Survey("nps", {
  name: "Quarterly NPS",
  type: "popover",
  questions: [{ type: "rating", question: "How likely are you to recommend us?", scale: 10 }],
  status: "running",
});
new posthog.Invite("ada", { targetEmail: "ada@example.com", firstName: "Ada", level: "admin" });

export const surveyId = nps.surveyId;
`;

interface Row {
  cli: string;
  sdk: string;
  steps: Record<string, Outcome>;
  writes: string[];
  installedSdk?: string;
}

let packDir: string;
let tarballs: LocalTarballs;
const rows: Row[] = [];
const folders: string[] = [];

beforeAll(
  () => {
    packDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-cli-range-pack-"));
    tarballs = packAll(REPO_ROOT, packDir);
  },
  5 * 60 * 1000,
);

afterAll(() => {
  console.log(
    [
      "| CLI | SDK | preview | up | no-op preview | destroy | writes PostHog received at up |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...rows.map(
        (r) =>
          `| ${r.cli} | ${r.installedSdk ?? r.sdk} | ${["preview", "up", "noop", "destroy"].map((s) => (r.steps[s]?.ok ? "ok" : "FAILED")).join(" | ")} | ${r.writes.join(", ")} |`,
      ),
    ].join("\n"),
  );
  for (const dir of [packDir, ...folders]) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

/** SIGTERM to the process group `child` leads, and its pipes closed so jest does not wait on them. */
function stopGroup(child: ChildProcess): void {
  if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** Starts `npx posthog-emulator --port 0 --json` in `dir` and resolves with the line it prints. */
function startEmulator(dir: string): Promise<{ stop(): void; url: string; apiKey: string }> {
  const child = spawn("npx", ["posthog-emulator", "--port", "0", "--json"], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npx runs the emulator as a child, and stop() ends both.
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        const started = z.object({ url: z.string(), apiKey: z.string() }).parse(JSON.parse(line));
        resolve({ stop: () => stopGroup(child), ...started });
      }
    });
    child.on("exit", (code) => reject(new Error(`npx posthog-emulator exited with ${code}:\n${out}`)));
  });
}

describe.each(CLIS.map((cli) => [cli.label, cli] as const))("the %s CLI", (_label, cli) => {
  const bin = binDir(pinsFor(cli.version));
  const present =
    fs.existsSync(path.join(bin, "pulumi")) && fs.existsSync(path.join(bin, "pulumi-language-nodejs"));
  if (!present)
    console.log(`skipped: no Pulumi CLI ${cli.version} in ${bin}; build it with \`${cli.build}\``);
  const withCli = present ? it : it.skip;

  for (const sdk of SDKS) {
    withCli(
      `${cli.version} with @pulumi/pulumi ${sdk}: preview, up, a no-op preview and destroy, from the tarballs`,
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-posthog-cli-${cli.version}-`));
        folders.push(dir);
        const template = TEMPLATES["2024"];
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: cli-range\nruntime: nodejs\n");
        fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(template.tsconfig));
        fs.writeFileSync(path.join(dir, "index.ts"), PROGRAM);
        fs.writeFileSync(
          path.join(dir, "package.json"),
          JSON.stringify({
            name: "cli-range",
            private: true,
            main: "index.ts",
            dependencies: { "@pulumi/pulumi": sdk },
          }),
        );
        // The SDK, then the two lines `npm run local:try` prints, as printed (tools/release/pack.ts).
        const installs = [
          await exec(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir }),
        ];
        for (const line of npmInstallLines(tarballs)) {
          const [command, ...args] = line.split(" ");
          expect(command).toBe("npm");
          installs.push(
            await exec(npm, [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: dir }),
          );
        }
        expect(installs.filter((i) => !i.ok).map((i) => i.stderr)).toEqual([]);
        const row: Row = { cli: cli.version, sdk, steps: {}, writes: [] };
        row.installedSdk = z
          .object({ version: z.string() })
          .parse(
            JSON.parse(fs.readFileSync(path.join(dir, "node_modules/@pulumi/pulumi/package.json"), "utf8")),
          ).version;
        rows.push(row);

        const emulator = await startEmulator(dir);
        try {
          const env = cleanEnv({
            PATH: cliPath(bin),
            PULUMI_HOME: path.join(dir, ".pulumi-home"),
            PULUMI_BACKEND_URL: `file://${path.join(dir, ".state")}`,
            PULUMI_CONFIG_PASSPHRASE: "test-only",
            PULUMI_SKIP_UPDATE_CHECK: "true",
            PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
          });
          fs.mkdirSync(path.join(dir, ".state"));
          const pulumi = (...args: string[]) =>
            exec(path.join(bin, "pulumi"), [...args, "--non-interactive"], { cwd: dir, env });
          const log = async (method: string) =>
            fetch(`${emulator.url}/_emulator/requests`, {
              method,
              headers: { authorization: `Bearer ${emulator.apiKey}` },
            }).then(async (r) => (method === "GET" ? r.json() : undefined));
          const writes = async () =>
            z
              .object({ requests: z.array(z.object({ method: z.string(), path: z.string() })) })
              .parse(await log("GET"))
              .requests.filter((r) => r.method !== "GET")
              .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, "<id>")}`);

          const version = await pulumi("version");
          expect(version.stdout.trim()).toBe(cli.version);
          expect((await pulumi("stack", "init", "dev")).ok).toBe(true);
          expect((await pulumi("config", "set", "posthog:host", emulator.url)).ok).toBe(true);
          expect((await pulumi("config", "set", "--secret", "posthog:apiKey", emulator.apiKey)).ok).toBe(
            true,
          );

          row.steps.preview = await pulumi("preview");
          expect(row.steps.preview.stderr).toBe("");
          // The stack, its mark (the first Survey registers it: src/resources/stack-mark), the invite and the survey.
          expect(row.steps.preview.stdout).toContain("+ 4 to create");
          expect(await writes()).toEqual([]);

          row.steps.up = await pulumi("up", "--yes", "--skip-preview");
          expect(row.steps.up.stdout).toContain("+ 4 created");
          row.writes = await writes();
          expect([...row.writes].sort()).toEqual(
            [
              "POST /api/projects/1/surveys/",
              "POST /api/organizations/<id>/invites/",
              "POST /api/projects/1/surveys/<id>/launch/",
            ].sort(),
          );

          await log("DELETE");
          row.steps.noop = await pulumi("preview", "--expect-no-changes");
          expect(row.steps.noop.ok).toBe(true);
          expect(await writes()).toEqual([]);

          row.steps.destroy = await pulumi("destroy", "--yes", "--skip-preview");
          expect(row.steps.destroy.stdout).toContain("4 deleted");
        } finally {
          emulator.stop();
        }
      },
      10 * 60 * 1000,
    );
  }
});
