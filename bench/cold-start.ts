// Benchmark 5: provider plugin cold start, from spawning the SDK's dynamic-provider process to the answer of
// the first Check (after Configure, as the engine sends them), for a Survey from the installed package,
// against a do-nothing dynamic provider on the same SDK, same folder. Median of a few alternating runs.
// The second row starts the package's own provider plugin (pulumi-resource-posthog-iac, installed) the same way
// (Handshake, CheckConfig, Configure, then Check of the same Survey) and sets it against the dynamic Survey.
import path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { startProviderServer } from "../test/support/provider-server";
import { startPluginServer } from "../test/support/plugin-server";
import { PLUGIN_EXECUTABLE, RESOURCE_TOKENS } from "../src/plugin/tokens";
import { doNothing } from "./naive-provider";
import type { InstalledProviders } from "./provider-size";
import { ms, ratio, Row } from "./table";

const RUNS = 3;
const COMMAND = "npm run bench -- --only cold-start";

async function timeToFirstCheck(cwd: string, type: string, news: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const server = await startProviderServer({ cwd, env: { NODE_PATH: "" } });
  try {
    // With the run's key and host check off, check makes no request; the host is never contacted.
    await server.configure({ "posthog:host": "http://127.0.0.1:9", "posthog:checkKeyAndHost": "false" });
    const checked = await server.check(`urn:pulumi:dev::consumer::${type}::cold`, {}, news);
    if (checked.failures.length > 0)
      throw new Error(`cold-start check failed: ${JSON.stringify(checked.failures)}`);
    return performance.now() - started;
  } finally {
    await server.close();
  }
}

/** The installed package's plugin, spawned as the engine spawns it, to its first Check answer. */
async function pluginTimeToFirstCheck(cwd: string, news: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  // The file the package's bin names, in the consumer's node_modules (the engine runs the bin itself).
  const main = path.join(cwd, "node_modules", "pulumi-posthog", "dist", "plugin", "main.js");
  const server = await startPluginServer({ cwd, main, env: { NODE_PATH: "" } });
  try {
    await server.configure({ "posthog-iac:host": "http://127.0.0.1:9" });
    const checked = await server.check(`urn:pulumi:dev::consumer::${RESOURCE_TOKENS.Survey}::cold`, {}, news);
    if (checked.failures.length > 0)
      throw new Error(`plugin cold-start check failed: ${JSON.stringify(checked.failures)}`);
    return performance.now() - started;
  } finally {
    await server.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function coldStartRows(ctx: InstalledProviders): Promise<Row[]> {
  const survey = ctx.providers.get("pulumi-nodejs:dynamic/posthog:Survey");
  if (!survey) throw new Error("no Survey __provider to start");
  const bare = doNothing();
  const bareText = (await pulumi.runtime.serializeFunction(() => bare, { allowSecrets: true })).text;
  const surveyTimes: number[] = [];
  const bareTimes: number[] = [];
  const pluginTimes: number[] = [];
  const args = { name: "Cold start", type: "popover", questions: [{ type: "open", question: "Hi?" }] };
  for (let i = 0; i < RUNS; i++) {
    const dir = ctx.installed.dir;
    surveyTimes.push(
      await timeToFirstCheck(dir, "pulumi-nodejs:dynamic/posthog:Survey", { __provider: survey, ...args }),
    );
    bareTimes.push(await timeToFirstCheck(dir, "pulumi-nodejs:dynamic:Resource", { __provider: bareText }));
    pluginTimes.push(await pluginTimeToFirstCheck(dir, args));
  }
  const figure = median(surveyTimes);
  const baseline = median(bareTimes);
  const plugin = median(pluginTimes);
  return [
    {
      benchmark: `plugin cold start to first Check answer: Survey (installed package), median of ${RUNS}`,
      figure: ms(figure),
      floor: `${ms(baseline)} (do-nothing dynamic provider, same SDK)`,
      ratio: ratio(figure, baseline),
      command: COMMAND,
    },
    {
      benchmark: `${PLUGIN_EXECUTABLE} cold start to first Check answer: Survey (installed package), median of ${RUNS}`,
      figure: ms(plugin),
      floor: `${ms(figure)} (the dynamic provider's Survey, above)`,
      ratio: ratio(plugin, figure),
      command: COMMAND,
    },
  ];
}
