// A provider whose engine is gone sends PostHog nothing more (src/provider-kit/engine-alive.ts): with the engine's
// address listening, writes go out; once nothing listens there, the next write ends the process before its
// request leaves, and the emulator receives nothing more. Reads are not held. (The CLI suite kills the real `pulumi`
// process: test/cli/engine-gone.test.ts.)
import net from "node:net";
import { startEmulator } from "posthog-emulator";
import { createClient } from "../../src/client";
import { guardWrites } from "../../src/write-guard";
import { engineListening, hostAndPort, stopWritesWithoutEngine } from "../../src/provider-kit/engine-alive";
import { control } from "./emulator-control";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  guardWrites(async () => undefined);
  await emu.close();
});

/** A stand-in engine: something listening on a local port, as the engine's gRPC server does. */
async function listening(): Promise<{ address: string; close(): Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("the engine's address is read as host and port", () => {
  expect(hostAndPort("127.0.0.1:40123")).toEqual({ host: "127.0.0.1", port: 40123 });
  expect(hostAndPort("[::1]:5")).toEqual({ host: "::1", port: 5 });
  expect(hostAndPort("not an address")).toBeUndefined();
});

test("a write with the engine gone ends the process before the request leaves; reads go on", async () => {
  const ctl = control(emu.url, emu.apiKey);
  await ctl.reset();
  const engine = await listening();
  const exits: number[] = [];
  stopWritesWithoutEngine(engine.address, (code) => exits.push(code));
  const client = createClient({ host: emu.url, apiKey: emu.apiKey, requestsPerSecond: 0 });
  const project = String(emu.projectId);
  const questions = [{ type: "open", question: "Why?" }];

  expect(await engineListening(engine.address)).toBe(true);
  const first = await client.surveys.create(project, { name: "engine there", type: "api", questions });
  await engine.close();
  expect(await engineListening(engine.address)).toBe(false);
  // Never answers: the process would have exited; nothing went to PostHog.
  const second = client.surveys.create(project, { name: "engine gone", type: "api", questions });
  const settled = await Promise.race([second.then(() => "answered"), wait(3_000).then(() => "held")]);
  await client.surveys.get(project, first.id);

  expect(settled).toBe("held");
  expect(exits).toEqual([1]);
  expect((await ctl.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    `POST /api/projects/${project}/surveys/ 201`,
    `GET /api/projects/${project}/surveys/${first.id}/ 200`,
  ]);
}, 30_000);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
