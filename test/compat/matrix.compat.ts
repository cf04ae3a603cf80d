// The compatibility suite (`npm run test:compat`): the packed package in the program shapes, TypeScript
// versions, SDK versions and package managers users have (cells.ts), each checked for what they would see:
// `tsc` passes, `pulumi up` can load the program, and state's `__provider` requires the package by name.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pack, WORKSPACE } from "../package/install";
import { CELLS } from "./cells";
import { pool } from "./exec";
import { CellResult, RESOURCES_PER_PROGRAM, runCell } from "./run-cell";
import { matrixTable } from "./table";
import { prepareToolchain } from "./toolchain";

/** A require line plus the SDK's module wrapper is a few hundred bytes; a by-value forwarder a few thousand. */
const PROVIDER_BYTES_LIMIT = 4096;
/** Installs run two at a time: the machine is shared, and the registry is the slow part. */
const PARALLEL_CELLS = 2;

const results = new Map<string, CellResult>();
let packDir: string;

beforeAll(
  async () => {
    packDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-compat-pack-"));
    const tarballs = {
      provider: pack(".", packDir).tarball,
      sanitiser: pack(WORKSPACE.sanitiser, packDir).tarball,
      cliOptions: pack(WORKSPACE.cliOptions, packDir).tarball,
    };
    const tools = await prepareToolchain();
    for (const result of await pool(CELLS, PARALLEL_CELLS, (cell) => runCell(cell, tarballs, tools))) {
      results.set(result.cell.name, result);
    }
    process.stdout.write(`\n${matrixTable([...results.values()])}\n`);
  },
  30 * 60 * 1000,
);

afterAll(() => {
  for (const result of results.values())
    fs.rmSync(result.dir, { recursive: true, force: true, maxRetries: 3 });
  if (packDir) fs.rmSync(packDir, { recursive: true, force: true, maxRetries: 3 });
});

describe.each(CELLS.map((cell) => [cell.name, cell] as const))("%s", (name, cell) => {
  const result = (): CellResult => results.get(name)!;

  it(`installs with ${cell.packageManager}`, () => {
    expect(result().install).toMatchObject({ ok: true });
  });

  // Chosen per cell when the file loads, so each cell reports what it checked (no test passes by returning early).
  if (cell.typescript) {
    it("type-checks with the template's tsconfig", () => {
      const { tsc } = result();
      expect(tsc?.stdout + (tsc?.stderr ?? "")).toBe("");
      expect(tsc?.ok).toBe(true);
    });
  } else {
    it("runs no tsc: the program has no TypeScript (loading below type-checks with the SDK's copy)", () => {
      expect(result().tsc).toBeUndefined();
    });
  }

  it("loads through the SDK's language-host entry point and registers every resource", () => {
    const { load, resources } = result();
    expect(load.stderr.split("\n").filter((line) => /error/i.test(line))).toEqual([]);
    expect(load.ok).toBe(true);
    expect(resources.map((r) => r.type.split(":").pop()).sort()).toEqual([
      "Invite",
      "InviteBatch",
      "StackMark",
      "Survey",
    ]);
    expect(resources).toHaveLength(RESOURCES_PER_PROGRAM);
  });

  it("serializes each provider as a small require of the package by name, naming no install path", () => {
    const { resources, dir } = result();
    expect(resources).toHaveLength(RESOURCES_PER_PROGRAM);
    for (const { provider } of resources) {
      // By name: `require("pulumi-posthog/dist/...")` of the shim module, or (where the SDK would write an install
      // path instead) the shim's forwarder by value, whose `require(implementation)` holds the same kind of name.
      expect(provider).toMatch(/"pulumi-posthog\/dist\/resources\/[\w/-]+(\.js)?"/);
      expect(provider).toContain("require(");
      expect(provider).not.toContain(".pnpm");
      expect(provider).not.toContain("node_modules");
      expect(provider).not.toContain(dir);
      expect(provider).not.toContain(os.tmpdir());
      expect(provider).not.toMatch(/require\("\//);
      expect(Buffer.byteLength(provider)).toBeLessThan(PROVIDER_BYTES_LIMIT);
    }
  });

  it("runs the stored provider from the program folder, as refresh and destroy do", () => {
    const { resources } = result();
    expect(resources).toHaveLength(RESOURCES_PER_PROGRAM);
    for (const { name, check } of resources)
      expect({ name, check }).toEqual({ name, check: { failures: [] } });
  });
});
