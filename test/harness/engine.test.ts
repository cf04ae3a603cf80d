import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import {
  Engine,
  ProviderServer,
  UNKNOWN,
  countSteps,
  createEngine,
  formatSteps,
  startProviderServer,
} from "../support";
import { DB_ENV, Thing, ThingArgs, ThingDb } from "./fixture/thing";

// One provider server for the file (as one engine process would use); the fixture's
// JSON "database" is wiped before each test.
const PROJECT = "harnessproj";
let dir: string;
let dbFile: string;
let server: ProviderServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-engine-"));
  dbFile = path.join(dir, "db.json");
  server = await startProviderServer({ project: PROJECT, env: { [DB_ENV]: dbFile } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => fs.rmSync(dbFile, { force: true }));

const db = (): ThingDb => JSON.parse(fs.readFileSync(dbFile, "utf8")) as ThingDb;
const calls = (method: string) => db().calls.filter((c) => c.method === method);
const writes = () => db().calls.filter((c) => ["create", "update", "delete"].includes(c.method));
const engine = (statePath?: string): Engine =>
  createEngine({ server, project: PROJECT, stack: "dev", statePath });

/** A program declaring the given things; returns their serials as stack outputs. */
const things = (decl: Record<string, ThingArgs>) => () => {
  const out: Record<string, pulumi.Output<string>> = {};
  for (const [name, args] of Object.entries(decl)) out[name] = new Thing(name, args).serial;
  return out;
};

test("preview creates nothing; up creates; a second up is all same with no writes", async () => {
  const e = engine();
  const program = things({ a: { name: "alpha", kind: "k1" }, b: { name: "beta", kind: "k1", size: 2 } });

  const preview = await e.preview(program);
  expect(preview.errors).toEqual([]);
  expect(countSteps(preview.steps)).toEqual({ create: 2 });
  expect(preview.outputs).toEqual({ a: UNKNOWN, b: UNKNOWN });
  expect(calls("create")).toHaveLength(0);
  expect(e.state()).toEqual([]);

  const up = await e.up(program);
  expect(up.errors).toEqual([]);
  expect(countSteps(up.steps)).toEqual({ create: 2 });
  expect(Object.values(db().records)).toHaveLength(2);
  expect(up.outputs).toEqual(Object.fromEntries(e.state().map((r) => [r.name, `S-${r.id}`])));
  expect(e.state().find((r) => r.name === "b")).toMatchObject({
    type: "pulumi-nodejs:dynamic/harness:Thing",
    urn: "urn:pulumi:dev::harnessproj::pulumi-nodejs:dynamic/harness:Thing::b",
    inputs: { name: "beta", kind: "k1", size: 2 },
  });
  expect(up.steps.find((s) => s.name === "a")?.changedKeys).toEqual(["kind", "name"]);
  const ids = e.state().map((r) => r.id);

  const again = await e.up(program);
  expect(formatSteps(again.steps)).not.toMatch(/create|update|replace|delete/);
  expect(countSteps(again.steps)).toEqual({ same: 2 });
  expect(calls("create")).toHaveLength(2);
  expect(calls("update")).toHaveLength(0);
  expect(calls("diff").map((c) => c.serial)).toEqual(expect.arrayContaining(ids.map((id) => `S-${id}`)));
  expect(e.state().map((r) => r.id)).toEqual(ids);
  expect(again.outputs).toEqual(up.outputs);
});

test("an input change is an update, with changedKeys; preview of it writes nothing", async () => {
  const e = engine();
  await e.up(things({ a: { name: "alpha", kind: "k1" } }));
  const changed = things({ a: { name: "alpha2", kind: "k1", size: 3 } });

  const preview = await e.preview(changed);
  expect(preview.steps).toEqual([expect.objectContaining({ op: "update", changedKeys: ["name", "size"] })]);
  expect(calls("update")).toHaveLength(0);

  const up = await e.up(changed);
  expect(up.steps).toEqual([
    expect.objectContaining({ op: "update", changedKeys: ["name", "size"], replaceKeys: [] }),
  ]);
  expect(calls("update")).toHaveLength(1);
  expect(Object.values(db().records)).toEqual([{ name: "alpha2", kind: "k1", size: 3 }]);
  expect(e.state()[0].inputs).toMatchObject({ name: "alpha2", size: 3 });
  expect(e.state()[0].outputs.serial).toBe(`S-${e.state()[0].id}`); // kept from the old outputs by update
});

test("each operation runs in a new plugin process, as each `pulumi` command starts its own", async () => {
  const e = engine();
  const program = things({ p: { name: "process", kind: "k" } });
  await e.up(program);
  const first = server.pid;
  expect((await e.preview(program)).errors).toEqual([]);
  const second = server.pid;
  expect(second).not.toBe(first);
  // The first process has ended: nothing it kept in memory reaches the next run.
  expect(() => process.kill(first, 0)).toThrow();
  expect((await e.destroy()).errors).toEqual([]);
  expect(server.pid).not.toBe(second);
  // Each new process configured the provider before its first call.
  expect(calls("configure")).toHaveLength(3);
});

test("a replace key: second Check with olds {}, Create the new one, then Delete the old", async () => {
  const e = engine();
  await e.up(things({ a: { name: "alpha", kind: "k1" } }));
  const oldId = e.state()[0].id;
  // Same records, empty call log, so the exact call sequence of the replacement is visible.
  fs.writeFileSync(
    dbFile,
    JSON.stringify({ nextId: 2, records: { [oldId]: { name: "alpha", kind: "k1" } }, calls: [] }),
  );

  const up = await e.up(things({ a: { name: "alpha", kind: "k2" } }));
  expect(up.errors).toEqual([]);
  expect(up.steps).toEqual([
    expect.objectContaining({ op: "replace", replaceKeys: ["kind"], changedKeys: ["kind"] }),
  ]);
  expect(db().calls.map((c) => (c.method === "check" ? `check(${c.olds})` : c.method))).toEqual([
    "configure", // each up is a new plugin process, which loads and configures the provider on its first call
    "check(3)", // olds = old inputs (name, kind, __provider)
    "diff",
    "check(0)", // the replacement's second Check, olds = {}
    "create",
    "delete",
  ]);
  expect(calls("delete")[0].id).toBe(oldId);
  expect(e.state()).toHaveLength(1);
  expect(e.state()[0].id).not.toBe(oldId);
  expect(Object.values(db().records)).toEqual([{ name: "alpha", kind: "k2" }]);
});

test("a resource removed from the program is deleted; refresh takes external changes and drops deleted ones", async () => {
  const e = engine();
  await e.up(
    things({
      a: { name: "alpha", kind: "k" },
      b: { name: "beta", kind: "k" },
      c: { name: "gamma", kind: "k" },
    }),
  );
  const [a, b, c] = e.state();

  const up = await e.up(things({ a: { name: "alpha", kind: "k" }, b: { name: "beta", kind: "k" } }));
  expect(countSteps(up.steps)).toEqual({ same: 2, delete: 1 });
  expect(calls("delete").map((x) => x.id)).toEqual([c.id]);
  expect(e.state().map((r) => r.name)).toEqual(["a", "b"]);

  // Drift made outside: a renamed, b deleted.
  const changed = db();
  changed.records[a.id].name = "renamed";
  delete changed.records[b.id];
  fs.writeFileSync(dbFile, JSON.stringify(changed));

  const refresh = await e.refresh();
  expect(refresh.errors).toEqual([]);
  expect(refresh.steps).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: "a", op: "refresh", changedKeys: ["name"] }),
      expect.objectContaining({ name: "b", op: "delete" }),
    ]),
  );
  expect(e.state().map((r) => r.name)).toEqual(["a"]);
  expect(e.state()[0].inputs).toMatchObject({ name: "renamed", kind: "k" });
  expect(e.state()[0].inputs.__provider).toEqual(a.inputs.__provider);

  // The program still says "alpha": the next up updates it back.
  const up2 = await e.up(things({ a: { name: "alpha", kind: "k" } }));
  expect(up2.steps).toEqual([expect.objectContaining({ op: "update", changedKeys: ["name"] })]);
});

test("destroy deletes everything, newest first", async () => {
  const e = engine();
  await e.up(things({ a: { name: "alpha", kind: "k" }, b: { name: "beta", kind: "k" } }));
  const ids = e.state().map((r) => r.id);
  const destroy = await e.destroy();
  expect(destroy.errors).toEqual([]);
  expect(destroy.steps.map((s) => s.op)).toEqual(["delete", "delete"]);
  expect(calls("delete").map((c) => [c.id, c.serial])).toEqual(
    [...ids].reverse().map((id) => [id, `S-${id}`]),
  );
  expect(e.state()).toEqual([]);
  expect(db().records).toEqual({});
});

test("a create that fails with an id is kept in state (init errors) and updated next time", async () => {
  const e = engine();
  const program = things({ h: { name: "half-made", kind: "k" } });
  const up = await e.up(program);
  expect(up.errors).toEqual([{ urn: expect.stringContaining("::h"), message: "created but not ready" }]);
  expect(up.outputs).toEqual({});
  const [h] = e.state();
  expect(h).toMatchObject({ name: "h", id: "t1", initErrors: ["not ready"], outputs: { serial: "S-t1" } });

  // Same inputs, yet the engine updates a resource with init errors.
  const again = await e.up(program);
  expect(again.steps).toEqual([expect.objectContaining({ op: "update", changedKeys: [] })]);
  expect(e.state()[0].initErrors).toBeUndefined();
});

test("a plain create failure: run error, nothing in state, dependents never registered", async () => {
  const e = engine();
  const up = await e.up(() => {
    const bad = new Thing("bad", { name: "fail", kind: "k" });
    new Thing("child", { name: "child", kind: "k", ref: bad.serial });
  });
  expect(up.errors).toEqual([{ urn: expect.stringContaining("::bad"), message: "create refused: fail" }]);
  expect(up.steps).toEqual([]);
  expect(e.state()).toEqual([]);
  expect(calls("check").map((c) => c.name)).toEqual(["fail"]);
});

test("a downstream input fed by an upstream output: unknown in preview, the real value in up", async () => {
  const e = engine();
  const program = () => {
    const up = new Thing("upstream", { name: "u", kind: "k" });
    const down = new Thing("downstream", { name: "d", kind: "k", ref: up.serial });
    return { ref: down.serial.apply(() => up.serial) };
  };
  const preview = await e.preview(program);
  expect(preview.errors).toEqual([]);
  expect(calls("check").find((c) => c.name === "d")?.ref).toBe(UNKNOWN);
  expect(preview.steps.find((s) => s.name === "downstream")?.outputs?.ref).toBe(UNKNOWN);

  const up = await e.up(program);
  expect(up.errors).toEqual([]);
  const upstreamId = e.state().find((r) => r.name === "upstream")?.id;
  expect(
    calls("check")
      .filter((c) => c.name === "d")
      .pop()?.ref,
  ).toBe(`S-${upstreamId}`);
  expect(e.state().map((r) => r.name)).toEqual(["upstream", "downstream"]); // dependency order
  expect(up.outputs).toEqual({ ref: `S-${upstreamId}` });
});

test("check failures surface as Step.checkFailures and run errors, and nothing is created", async () => {
  const e = engine();
  for (const run of [e.preview.bind(e), e.up.bind(e)]) {
    const result = await run(things({ x: { name: "", kind: "k" } }));
    expect(result.steps).toEqual([
      expect.objectContaining({
        name: "x",
        op: "create",
        checkFailures: [{ property: "name", reason: "name is required" }],
      }),
    ]);
    expect(result.errors).toEqual([
      { urn: expect.stringContaining("::x"), message: expect.stringContaining("name is required") },
    ]);
  }
  expect(calls("create")).toHaveLength(0);
  expect(e.state()).toEqual([]);
});

test("secret inputs reach the provider in plain text and stay secret for the program", async () => {
  const e = engine();
  const up = await e.up(() => {
    const t = new Thing("s", { name: pulumi.secret("hush"), kind: "k" });
    return { nameIsSecret: pulumi.isSecret(t.name), serialIsSecret: pulumi.isSecret(t.serial) };
  });
  expect(up.errors).toEqual([]);
  expect(Object.values(db().records)).toEqual([{ name: "hush", kind: "k" }]);
  expect(e.state()[0].secretInputs).toEqual(["name"]);
  expect(up.outputs).toEqual({ nameIsSecret: true, serialIsSecret: false });
});

test("state is persisted to a JSON file and a fresh engine carries on from it", async () => {
  const statePath = path.join(dir, "stack.json");
  const program = things({ p: { name: "persisted", kind: "k" } });
  await engine(statePath).up(program);
  const saved = JSON.parse(fs.readFileSync(statePath, "utf8")) as { resources: { id: string }[] };
  expect(saved.resources).toHaveLength(1);

  const fresh = engine(statePath);
  expect(fresh.state()).toEqual(engine(statePath).state());
  const again = await fresh.up(program);
  expect(countSteps(again.steps)).toEqual({ same: 1 });
  await fresh.destroy();
  expect(engine(statePath).state()).toEqual([]);
  expect(writes().map((w) => w.method)).toEqual(["create", "delete"]);
});

test("programs run one after another and a thrown program error is reported", async () => {
  const e = engine();
  const results = await Promise.all([
    e.up(things({ one: { name: "1", kind: "k" } })),
    e.preview(() => {
      throw new Error("typo in program");
    }),
  ]);
  expect(results[0].errors).toEqual([]);
  expect(results[1].errors).toEqual([
    {
      urn: expect.stringContaining("pulumi:pulumi:Stack"),
      message: expect.stringContaining("typo in program"),
    },
  ]);
  expect(countSteps(results[1].steps)).toEqual({}); // a failed program deletes nothing
});

test("Resource.get is a Read (also in preview), and destroy leaves the resource alone", async () => {
  const e = engine();
  await e.up(things({ owned: { name: "owned", kind: "k" } }));
  const id = e.state()[0].id;
  const program = () => ({ name: Thing.get("ref", id).name });

  const preview = await e.preview(program);
  expect(preview.errors).toEqual([]);
  expect(preview.outputs).toEqual({ name: "owned" });
  const up = await e.up(program);
  expect(countSteps(up.steps)).toEqual({ read: 1, delete: 1 }); // "owned" is no longer declared
  expect(up.outputs).toEqual({ name: "owned" });
  expect(e.state()).toEqual([expect.objectContaining({ name: "ref", id, external: true })]);

  await e.destroy();
  expect(calls("delete").map((c) => c.id)).toEqual([id]); // deleted once, as "owned"
  expect(e.state()).toEqual([]);
});

test("refresh and destroy configure the default provider with the config of the last up, not the current one", async () => {
  // A new provider process per operation, as each `pulumi` command starts one (the SDK configures a provider
  // once per process).
  const statePath = path.join(dir, "config-at-up.json");
  const run = async <T>(greeting: string, op: (e: Engine) => Promise<T>): Promise<T> => {
    const fresh = await startProviderServer({ project: PROJECT, env: { [DB_ENV]: dbFile } });
    try {
      const config = { [`${PROJECT}:greeting`]: greeting };
      return await op(createEngine({ server: fresh, project: PROJECT, stack: "dev", statePath, config }));
    } finally {
      await fresh.close();
    }
  };
  const greeting = () => db().config?.greeting;
  const program = things({ c: { name: "configured", kind: "k" } });

  expect((await run("first", (e) => e.up(program))).errors).toEqual([]);
  expect((await run("second", (e) => e.refresh())).errors).toEqual([]);
  expect(greeting()).toBe("first");
  // An up with nothing to change records the new config; refresh uses it from then on.
  expect(countSteps((await run("second", (e) => e.up(program))).steps)).toEqual({ same: 1 });
  expect((await run("third", (e) => e.refresh())).errors).toEqual([]);
  expect(greeting()).toBe("second");
  expect((await run("third", (e) => e.destroy())).errors).toEqual([]);
  expect(greeting()).toBe("second");
  expect(writes().map((w) => w.method)).toEqual(["create", "delete"]);

  // A state whose default provider records no config cannot be refreshed, as the engine cannot find the provider.
  await run("first", (e) => e.up(program));
  const saved = JSON.parse(fs.readFileSync(statePath, "utf8")) as Record<string, unknown>;
  expect(saved.defaultProviderConfig).toEqual({ [`${PROJECT}:greeting`]: "first" });
  fs.writeFileSync(statePath, JSON.stringify({ version: 1, resources: saved.resources }));
  await expect(run("first", (e) => e.refresh())).rejects.toThrow(/could not load provider/);
});
