// The CLI suite's check of itself (test/setup/host-check.ts) rests on the host recording: it must see which
// binary a language host process really ran, and tell a host from the named folder from one that is not. Here the
// "hosts" are copies of `sleep` under the hosts' names, in a folder named by PULUMI_POSTHOG_LANGUAGE_HOSTS and in a
// stand-in CLI folder (one binary, linked under a host's name, as the toolchain's stand-ins are). Linux only: the
// recording reads /proc.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LANGUAGE_HOSTS_ENV } from "../support/pulumi-cli";
import {
  describeHosts,
  expectedHost,
  runtimeOf,
  startHostRecording,
  strayHosts,
} from "../support/language-hosts";

const onLinux = process.platform === "linux" ? it : it.skip;

describe("the language host recording", () => {
  let work = "";
  let hosts = "";
  let cli = "";
  let pulumi = "";
  const started: ChildProcess[] = [];
  const saved = process.env[LANGUAGE_HOSTS_ENV];

  beforeEach(() => {
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "host-recording-")));
    hosts = path.join(work, "real-hosts");
    cli = path.join(work, "toolchain-bin");
    fs.mkdirSync(hosts);
    fs.mkdirSync(cli);
    // The real host of the named folder: a binary of the host's name.
    fs.copyFileSync("/bin/sleep", path.join(hosts, "pulumi-language-python"));
    fs.chmodSync(path.join(hosts, "pulumi-language-python"), 0o755);
    // The CLI's folder: the stand-in binary, linked under each host's name.
    fs.copyFileSync("/bin/sleep", path.join(cli, "pulumi-posthog-language-host"));
    fs.chmodSync(path.join(cli, "pulumi-posthog-language-host"), 0o755);
    for (const runtime of ["python", "go"])
      fs.symlinkSync("pulumi-posthog-language-host", path.join(cli, `pulumi-language-${runtime}`));
    pulumi = path.join(cli, "pulumi");
    fs.writeFileSync(pulumi, "");
    process.env[LANGUAGE_HOSTS_ENV] = hosts;
  });
  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
    if (saved === undefined) delete process.env[LANGUAGE_HOSTS_ENV];
    else process.env[LANGUAGE_HOSTS_ENV] = saved;
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Starts a "host" by the given path, as the CLI starts one by the path it found; it runs until the test ends. */
  async function startHost(file: string): Promise<void> {
    const child = spawn(file, ["600"], { stdio: "ignore" });
    started.push(child);
    await new Promise((resolve) => child.once("spawn", resolve)); // after exec: the process is the host's
  }

  onLinux("records the binary each host ran and flags one from outside the named folder", async () => {
    const recording = await startHostRecording();
    await startHost(path.join(cli, "pulumi-language-python")); // the stand-in, though the folder has a python host
    await startHost(path.join(hosts, "pulumi-language-python")); // the named folder's
    await startHost(path.join(cli, "pulumi-language-go")); // the stand-in, and the folder has no go host
    const runs = await recording.stop();

    const standIn = path.join(cli, "pulumi-posthog-language-host");
    expect(runs.map((run) => [runtimeOf(run), run.argv0, run.exe]).sort()).toEqual(
      [
        ["go", path.join(cli, "pulumi-language-go"), standIn],
        ["python", path.join(cli, "pulumi-language-python"), standIn],
        ["python", path.join(hosts, "pulumi-language-python"), path.join(hosts, "pulumi-language-python")],
      ].sort(),
    );
    expect(describeHosts(runs)).toEqual([
      `go ${standIn} ×1`,
      `python ${path.join(hosts, "pulumi-language-python")} ×1`,
      `python ${standIn} ×1`,
    ]);
    expect(expectedHost(pulumi, "python")).toBe(path.join(hosts, "pulumi-language-python"));
    expect(expectedHost(pulumi, "go")).toBe(standIn);
    expect(strayHosts(pulumi, runs).map((run) => run.argv0)).toEqual([
      path.join(cli, "pulumi-language-python"),
    ]);
  });

  onLinux("with no folder named, the CLI's own hosts are the expected ones", async () => {
    delete process.env[LANGUAGE_HOSTS_ENV];
    const recording = await startHostRecording();
    await startHost(path.join(cli, "pulumi-language-python"));
    await startHost(path.join(hosts, "pulumi-language-python")); // a host from elsewhere on PATH
    const runs = await recording.stop();
    expect(strayHosts(pulumi, runs).map((run) => run.argv0)).toEqual([
      path.join(hosts, "pulumi-language-python"),
    ]);
  });

  onLinux("sees only the processes below the one it watches", async () => {
    const other = spawn("/bin/sleep", ["600"], { stdio: "ignore" });
    started.push(other);
    const recording = await startHostRecording(other.pid);
    await startHost(path.join(hosts, "pulumi-language-python")); // a child of this process, not of `other`
    expect(await recording.stop()).toEqual([]);
  });
});
