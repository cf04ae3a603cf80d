import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { ProviderCallError, ProviderServer, startProviderServer } from "../support";
import { DB_ENV, ThingDb, thingProvider } from "./fixture/thing";

// Raw RPCs against a fresh server: Configure must come first, every Struct carries __provider.
let dir: string;
let dbFile: string;
let server: ProviderServer;
let provider: string;
const URN = "urn:pulumi:dev::rawproj::pulumi-nodejs:dynamic/harness:Thing::raw";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-raw-"));
  dbFile = path.join(dir, "db.json");
  server = await startProviderServer({ project: "rawproj", env: { [DB_ENV]: dbFile } });
  provider = (await pulumi.runtime.serializeFunction(() => thingProvider, { allowSecrets: true })).text;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = (): ThingDb => JSON.parse(fs.readFileSync(dbFile, "utf8")) as ThingDb;

test("configure passes namespaced keys; un-namespaced get() uses the project", async () => {
  await server.configure({ "rawproj:greeting": "hi", "other:region": "eu", "rawproj:unused": "x" });
  const { inputs, failures } = await server.check(URN, {}, { name: "n", kind: "k", __provider: provider });
  expect(failures).toEqual([]);
  expect(inputs).toEqual({ name: "n", kind: "k", __provider: provider });
  expect(db().config).toEqual({ greeting: "hi", region: "eu" });
  expect(server.pid).toBeGreaterThan(0);
});

test("check failures, diff results and create/read/update/delete round trip", async () => {
  const check = await server.check(URN, {}, { name: "", kind: "k", __provider: provider });
  expect(check.failures).toEqual([{ property: "name", reason: "name is required" }]);

  const inputs = { name: "n", kind: "k", __provider: provider };
  const created = await server.create(URN, inputs);
  expect(created.outputs).toEqual({ name: "n", kind: "k", serial: `S-${created.id}`, __provider: provider });

  const same = await server.diff(created.id, URN, created.outputs, inputs, inputs);
  expect(same).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false });
  const kindChange = { ...inputs, kind: "other" };
  expect(await server.diff(created.id, URN, created.outputs, inputs, kindChange)).toEqual({
    changes: "some",
    replaces: ["kind"],
    deleteBeforeReplace: false,
  });

  const updated = await server.update(created.id, URN, created.outputs, inputs, { ...inputs, name: "m" });
  expect(updated.outputs).toMatchObject({ name: "m", serial: `S-${created.id}`, __provider: provider });

  const read = await server.read(created.id, URN, updated.outputs, inputs);
  expect(read).toEqual({
    id: created.id,
    outputs: { name: "m", kind: "k", serial: `S-${created.id}`, __provider: provider },
    inputs: { name: "m", kind: "k", __provider: provider },
  });

  await server.delete(created.id, URN, updated.outputs, inputs);
  expect(await server.read(created.id, URN, updated.outputs, inputs)).toEqual({
    id: "",
    outputs: { __provider: provider },
    inputs: undefined,
  });
});

test("errors carry the provider's message, and ErrorResourceInitFailed details are decoded", async () => {
  const plain = await server
    .create(URN, { name: "fail", kind: "k", __provider: provider })
    .catch((e: unknown) => e);
  expect(plain).toBeInstanceOf(ProviderCallError);
  expect(plain).toMatchObject({ message: "create refused: fail", code: 2, initFailure: undefined });

  const init = await server
    .create(URN, { name: "half-made", kind: "k", __provider: provider })
    .catch((e: unknown) => e);
  expect(init).toBeInstanceOf(ProviderCallError);
  const { initFailure } = init as ProviderCallError;
  expect(initFailure).toEqual({
    id: expect.stringMatching(/^t\d+$/),
    outputs: { name: "half-made", kind: "k", serial: `S-${initFailure?.id}`, __provider: provider },
    reasons: ["not ready"],
  });
});
