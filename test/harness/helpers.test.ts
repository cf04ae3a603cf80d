import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import {
  CLI_SKIP_MESSAGE,
  StateStore,
  Step,
  UNKNOWN,
  changedKeys,
  countSteps,
  formatStep,
  pulumiOnPath,
  requirePulumiCli,
  toEngineInputs,
} from "../support";
import { CLI_SUITE_ENV, CLI_SUITE_MESSAGE } from "../support/pulumi-cli";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "harness-helpers-"));

test("changedKeys: top-level, deep-equal, __provider left out unless asked", () => {
  const olds = { a: 1, b: { x: [1, 2] }, c: "same", __provider: "p1" };
  const news = { a: 2, b: { x: [1, 2] }, c: "same", d: true, __provider: "p2" };
  expect(changedKeys(olds, news)).toEqual(["a", "d"]);
  expect(changedKeys(olds, news, true)).toEqual(["__provider", "a", "d"]);
  expect(changedKeys({ b: { x: [1] } }, { b: { x: [1, 2] } })).toEqual(["b"]);
});

test("toEngineInputs: unknowns become the sentinel, secrets are unwrapped and remembered, undefined dropped", () => {
  const secret = (value: unknown) => ({
    [pulumi.runtime.specialSigKey]: pulumi.runtime.specialSecretSig,
    value,
  });
  const { props, secretKeys } = toEngineInputs({
    plain: "p",
    later: pulumi.unknown,
    key: secret("s3cret"),
    nested: { inner: [pulumi.unknown, secret(1)] },
    gone: undefined,
  });
  expect(props).toEqual({ plain: "p", later: UNKNOWN, key: "s3cret", nested: { inner: [UNKNOWN, 1] } });
  expect(secretKeys).toEqual(["key"]);
});

test("formatStep and countSteps render what the CLI would list", () => {
  const base = { urn: "u", type: "pulumi-nodejs:dynamic/harness:Thing", name: "a", checkFailures: [] };
  const steps: Step[] = [
    { ...base, op: "replace", changedKeys: ["kind", "name"], replaceKeys: ["kind"] },
    { ...base, op: "same", changedKeys: [], replaceKeys: [] },
    {
      ...base,
      op: "create",
      changedKeys: [],
      replaceKeys: [],
      checkFailures: [{ property: "name", reason: "required" }],
    },
  ];
  expect(formatStep(steps[0])).toBe(
    "+- replace  pulumi-nodejs:dynamic/harness:Thing  a  [diff: ~kind,~name]  [replace: kind]",
  );
  expect(formatStep(steps[2])).toContain("[check: name: required]");
  expect(countSteps(steps)).toEqual({ replace: 1, same: 1, create: 1 });
});

test("StateStore: memory by default, JSON file round trip, refuses a foreign file", () => {
  const dir = tmp();
  const file = path.join(dir, "nested", "state.json");
  const r = { urn: "u", type: "t", name: "n", id: "1", inputs: { a: 1 }, outputs: { a: 1 } };
  const store = new StateStore(file);
  store.replaceAll([r]);
  expect(new StateStore(file).list()).toEqual([r]);
  const memory = new StateStore();
  memory.replaceAll([r]);
  expect(memory.get("u")).toEqual(r);
  expect(fs.readdirSync(path.join(dir, "nested"))).toEqual(["state.json"]);
  fs.writeFileSync(file, "{}");
  expect(() => new StateStore(file)).toThrow(/not a harness state file/);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("pulumiOnPath finds an executable `pulumi` on PATH; requirePulumiCli says when there is none to use", () => {
  const dir = tmp();
  const saved = {
    PATH: process.env.PATH,
    XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
    suite: process.env[CLI_SUITE_ENV],
  };
  const log = jest.spyOn(console, "log").mockImplementation(() => {});
  try {
    process.env.PATH = dir;
    // No toolchain either: its cache folder is empty.
    process.env.XDG_CACHE_HOME = dir;
    expect(pulumiOnPath()).toBeUndefined();
    // Outside `npm run test:cli` the real-CLI tests never run, and say where they do.
    delete process.env[CLI_SUITE_ENV];
    expect(requirePulumiCli()).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith(CLI_SUITE_MESSAGE);
    // Inside it, with no CLI anywhere, they say how to get one.
    process.env[CLI_SUITE_ENV] = "1";
    expect(requirePulumiCli()).toBeUndefined();
    expect(log).toHaveBeenLastCalledWith(CLI_SKIP_MESSAGE);

    fs.writeFileSync(path.join(dir, "pulumi"), "#!/bin/sh\n", { mode: 0o755 });
    expect(pulumiOnPath()).toBe(path.join(dir, "pulumi"));
    expect(requirePulumiCli()).toBe(path.join(dir, "pulumi"));
  } finally {
    for (const [name, value] of [
      ["PATH", saved.PATH],
      ["XDG_CACHE_HOME", saved.XDG_CACHE_HOME],
      [CLI_SUITE_ENV, saved.suite],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    log.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
