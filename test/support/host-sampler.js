// Records which language host binaries the processes below one process ran: `node host-sampler.js <pid> <file>`.
// test/support/language-hosts.ts starts it for each file of the CLI suite, with the jest worker's pid.
//
// A language host is a process whose argv[0] is named `pulumi-language-<runtime>` (the CLI starts each host by the
// path it found, getPluginPath in Pulumi's sdk/go/common/workspace/plugins.go). What it really runs is
// /proc/<pid>/exe: Pulumi's real hosts are binaries of that name, and the stand-ins are one binary,
// `pulumi-posthog-language-host`, that each of the three names links to. Every few milliseconds the sampler reads
// the process table from /proc, walks the parent links down from <pid>, and appends one JSON line per host process
// it has not seen before: {pid, argv0, exe}. A host lives as long as the CLI command that started it (at least the
// hundreds of milliseconds of a gRPC handshake), so a sample every SAMPLE_MS sees each one.
//
// Plain JavaScript, so that it starts without a compiler, and a process of its own, so that a test that blocks its
// event loop (execFileSync) cannot stop the sampling. It ends when it gets SIGTERM (after one last sample) or when
// the process it watches is gone. Linux only: elsewhere it writes nothing.
"use strict";
const fs = require("fs");
const path = require("path");

// 50 ms: about 2% of a core with 160 processes on the machine, and a host lives far longer.
const SAMPLE_MS = 50;
const HOST_NAME = /^pulumi-language-[a-z]+$/;

const root = Number(process.argv[2]);
const out = process.argv[3];
if (!Number.isInteger(root) || !out) {
  console.error("usage: node host-sampler.js <pid> <file>");
  process.exit(2);
}

/** Reads a /proc file, or undefined when the process has gone meanwhile. */
function read(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** The parent pid from /proc/<pid>/stat (the fourth field, after the command name in parentheses). */
function parentOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[1]);
}

/** Every process below root: the process table's parent links, walked down from root. */
function descendants() {
  const children = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(pid);
  }
  const found = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift();
    if (pid === process.pid) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

const seen = new Set();

function sample() {
  for (const pid of descendants()) {
    const cmdline = read(`/proc/${pid}/cmdline`);
    if (cmdline === undefined) continue;
    const argv0 = cmdline.split("\0")[0];
    if (!HOST_NAME.test(path.basename(argv0))) continue;
    let exe;
    try {
      exe = fs.readlinkSync(`/proc/${pid}/exe`);
    } catch {
      continue;
    }
    const key = `${pid} ${argv0} ${exe}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fs.appendFileSync(out, `${JSON.stringify({ pid, argv0, exe })}\n`);
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

fs.writeFileSync(out, "");
if (process.platform === "linux") {
  const timer = setInterval(() => {
    if (!alive(root)) process.exit(0);
    sample();
  }, SAMPLE_MS);
  process.on("SIGTERM", () => {
    clearInterval(timer);
    sample();
    process.exit(0);
  });
  // Tells the starter that sampling has begun.
  sample();
  process.stdout.write("sampling\n");
} else {
  process.stdout.write("sampling\n");
}
