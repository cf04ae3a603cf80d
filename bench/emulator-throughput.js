// Emulator throughput on loopback: N GETs and N POSTs at a fixed concurrency; prints requests/s.
// Run after `npm run build`: node bench/emulator-throughput.js [--requests N] [--concurrency C]
"use strict";
const path = require("node:path");

function loadEmulator() {
  try {
    return require(path.join(__dirname, "..", "packages", "posthog-emulator", "dist"));
  } catch (e) {
    throw new Error(`packages/posthog-emulator/dist not found; run \`npm run build\` first (${e.message})`);
  }
}

/** Runs `total` calls of `fn(i)` with at most `concurrency` in flight; returns requests per second. */
async function drive(total, concurrency, fn) {
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      await fn(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return total / seconds;
}

async function expectStatus(res, status) {
  await res.arrayBuffer();
  if (res.status !== status) throw new Error(`unexpected status ${res.status} (wanted ${status})`);
}

/**
 * Starts an in-memory emulator, POSTs `requests` surveys and GETs them back, `concurrency` at a time.
 * @returns {Promise<{getPerSec: number, postPerSec: number}>}
 */
async function runEmulatorThroughput(opts = {}) {
  const requests = opts.requests ?? 2000;
  const concurrency = opts.concurrency ?? 16;
  const { startEmulator } = loadEmulator();
  const em = await startEmulator({ port: 0 });
  const headers = { Authorization: `Bearer ${em.apiKey}`, "Content-Type": "application/json" };
  const surveys = `${em.url}/api/projects/${em.projectId}/surveys/`;
  const ids = [];
  try {
    const postPerSec = await drive(requests, concurrency, async (i) => {
      const res = await fetch(surveys, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: `bench ${i}`,
          type: "popover",
          questions: [{ type: "open", question: "Hi?" }],
        }),
      });
      if (res.status !== 201) throw new Error(`POST failed with ${res.status}`);
      ids.push(((await res.json()) || {}).id);
    });
    const getPerSec = await drive(requests, concurrency, async (i) => {
      const res = await fetch(`${surveys}${ids[i % ids.length]}/`, { headers });
      await expectStatus(res, 200);
    });
    return { getPerSec, postPerSec };
  } finally {
    await em.close();
  }
}

module.exports = { runEmulatorThroughput };

if (require.main === module) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : undefined;
  };
  runEmulatorThroughput({ requests: arg("--requests"), concurrency: arg("--concurrency") }).then(
    ({ getPerSec, postPerSec }) => {
      console.log(`emulator GET  ${getPerSec.toFixed(0)} requests/s`);
      console.log(`emulator POST ${postPerSec.toFixed(0)} requests/s`);
    },
    (e) => {
      console.error(`emulator-throughput: ${e.message}`);
      process.exit(1);
    },
  );
}
