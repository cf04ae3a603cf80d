// jest.config.js's `cli` and `registry` stages run this around each test file: the suite's check of itself. It records
// every language host the file's CLI runs started (test/support/language-hosts.ts), writes the record to
// `.tmp/language-hosts/<file>.json`, prints it, and fails the file if a host ran that is not the one its run was
// meant to take: the one in PULUMI_POSTHOG_LANGUAGE_HOSTS's folder when that is set, else the CLI's own (a test
// that builds its own PATH without test/support/pulumi-cli.ts's cliPath runs the toolchain's stand-in while the
// cross-check believes it ran Pulumi's host).
import fs from "node:fs";
import path from "node:path";
import { LANGUAGE_HOSTS_ENV, pulumiFromToolchain, pulumiOnPath } from "../support/pulumi-cli";
import { describeHosts, startHostRecording, strayHosts, type HostRecording } from "../support/language-hosts";
import { REPO_ROOT } from "../support/self-link";

// The CLI requirePulumiCli gives this stage's tests.
const pulumi = pulumiFromToolchain() ?? pulumiOnPath();

if (pulumi && process.platform === "linux") {
  let recording: HostRecording | undefined;
  beforeAll(async () => {
    recording = await startHostRecording();
  });
  afterAll(async () => {
    if (!recording) return;
    const runs = await recording.stop();
    const file = path.relative(REPO_ROOT, expect.getState().testPath ?? "unknown");
    const hosts = describeHosts(runs);
    const record = { file, hostsFolder: process.env[LANGUAGE_HOSTS_ENV] ?? null, hosts, runs };
    // One record per file and hosts folder, so a run with the real hosts and one with the stand-ins both stay.
    const folderTag = record.hostsFolder ? `@${record.hostsFolder.replace(/[^\w.-]+/g, "_")}` : "";
    const out = path.join(REPO_ROOT, ".tmp", "language-hosts", `${path.basename(file)}${folderTag}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`language hosts that ran (${file}):\n${hosts.map((h) => `  ${h}`).join("\n") || "  none"}`);
    const stray = strayHosts(pulumi, runs);
    if (stray.length > 0)
      throw new Error(
        `${file} started language hosts from outside the folder it was meant to use ` +
          `(${LANGUAGE_HOSTS_ENV}=${process.env[LANGUAGE_HOSTS_ENV] ?? "(unset: the CLI's own folder)"}):\n` +
          [...new Set(stray.map((run) => `  ${run.argv0} (ran ${run.exe})`))].join("\n") +
          "\nGive the test's CLI runs the PATH of cliPath (test/support/pulumi-cli.ts).",
      );
  });
}
