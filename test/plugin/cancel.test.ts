// Issue 34: the engine's Cancel (sent to every provider on a single Ctrl-C) ends the plugin's requests in flight
// at once, instead of after requestDeadlineMs. Here PostHog holds the survey POST for ten minutes and every
// timeout is longer than that: the up can only end because of the Cancel. The survey is not recorded, and the
// POST, which may have been applied, is not sent again.
import net from "node:net";
import { PluginResource } from "./plugin-resource";
import { startStack, type TestStack } from "../support/stack";
import { PACKAGE_NAME } from "../../src/plugin/tokens";

const TEN_MINUTES = 600_000;

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({
    face: "plugin",
    config: {
      [`${PACKAGE_NAME}:requestTimeoutMs`]: String(2 * TEN_MINUTES),
      [`${PACKAGE_NAME}:requestDeadlineMs`]: String(3 * TEN_MINUTES),
    },
  });
});
afterAll(async () => stack?.close());

/**
 * A TCP relay in front of the emulator that counts the survey POSTs it has passed on: a POST counted here is out,
 * in PostHog's hands, which the emulator's request log (written when it answers) cannot tell.
 */
async function relayTo(target: URL): Promise<{ url: string; postsOut: () => number; close: () => void }> {
  let postsOut = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
    }
    client.on("data", (chunk: Buffer) => {
      if (/^POST \S*\/surveys\/? /.test(chunk.toString("latin1"))) postsOut += 1;
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    postsOut: () => postsOut,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

test("Cancel ends an up whose survey POST PostHog holds, with the state consistent", async () => {
  const relay = await relayTo(new URL(stack.url));
  const engine = stack.newEngine({ config: { ...stack.config, [`${PACKAGE_NAME}:host`]: relay.url } });
  await stack.clearRequests();
  // PostHog holds the survey POST for ten minutes.
  await stack.control("POST", "/faults", {
    faults: [{ method: "POST", path: "/surveys/?$", latencyMs: TEN_MINUTES, times: 1 }],
  });
  const up = engine.up(() => {
    new PluginResource("Survey", "held", { name: "Held by PostHog", type: "popover" });
  });
  while (relay.postsOut() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  await stack.server.cancel(); // the POST is out: the Cancel ends it (client/cancel.ts)
  const result = await up;
  relay.close();
  await stack.control("DELETE", "/faults");
  console.log(`the up after Cancel: ${JSON.stringify(result.errors)}`);

  // The POST is reported as possibly applied (by late-create.ts, whose own lookup is cancelled too).
  const message = result.errors.map((e) => e.message).join("\n");
  expect(message).toContain(
    'Survey "Held by PostHog": could not create it in project 1. PostHog API POST /api/projects/1/surveys/ got ' +
      "no answer (the run was cancelled (Ctrl-C) before PostHog answered), so it may have been applied",
  );
  expect(result.errors).toHaveLength(1);
  // Nothing recorded, and the POST not sent again (the only one PostHog received is the held one).
  expect(engine.state().filter((r) => r.type.endsWith("Survey"))).toEqual([]);
  expect(relay.postsOut()).toBe(1);
});
