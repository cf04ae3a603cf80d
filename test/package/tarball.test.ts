// The package as users get it: packed, installed into a program folder outside the repo, type-checked
// against, and run through the real plugin from there (the shim must resolve from that folder).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEmulator } from "posthog-emulator";
import { startProviderServer } from "../support/provider-server";
import { REPO_ROOT } from "../support/self-link";
import { packAndInstall, InstalledProgram, WORKSPACE } from "./install";
import { PLUGIN_EXECUTABLE } from "../../src/plugin/tokens";
import { startPluginExecutable, startPluginFolder } from "./run-plugin";

interface Manifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
}

interface Registration {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

let installed: InstalledProgram;
beforeAll(() => {
  installed = packAndInstall(fs.readFileSync(path.join(__dirname, "consumer-index.ts.txt"), "utf8"));
}, 180_000);
afterAll(() => installed?.cleanup());

/** Runs a program file inside the consumer folder (copied there, so it resolves the installed package). */
function register(programFile: string, expected: number): Registration[] {
  for (const file of ["register.js", path.basename(programFile)]) {
    fs.copyFileSync(path.join(__dirname, file), path.join(installed.dir, file));
  }
  const out = execFileSync(
    process.execPath,
    ["register.js", `./${path.basename(programFile)}`, String(expected)],
    {
      cwd: installed.dir,
      encoding: "utf8",
    },
  );
  return JSON.parse(out.trim().split("\n").pop()!) as Registration[];
}

describe("installed package", () => {
  it("ships dist with types and nothing it does not need", () => {
    expect(installed.files).toContain("dist/index.js");
    expect(installed.files).toContain("dist/index.d.ts");
    expect(
      installed.files.filter((f) => /^(test|src|examples|bench)\//.test(f) || f.endsWith(".ts.txt")),
    ).toEqual([]);
    console.log(`tarball: ${installed.tarballBytes} bytes, ${installed.files.length} files`);
  });

  it("ships no emulator, and declares the workspace packages it runs at their versions", () => {
    expect(installed.files.filter((f) => /emulator/.test(f))).toEqual([]);
    expect(installed.files.filter((f) => /posthog-html|sanitis/.test(f))).toEqual([]);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(installed.dir, "node_modules/pulumi-posthog/package.json"), "utf8"),
    ) as Manifest;
    const sanitiser = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, WORKSPACE.sanitiser, "package.json"), "utf8"),
    ) as Manifest;
    const emulator = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, WORKSPACE.emulator, "package.json"), "utf8"),
    ) as Manifest;
    expect(manifest.dependencies?.[sanitiser.name]).toBe(`^${sanitiser.version}`);
    const cliOptions = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, WORKSPACE.cliOptions, "package.json"), "utf8"),
    ) as Manifest;
    expect(manifest.dependencies?.[cliOptions.name]).toBe(`^${cliOptions.version}`);
    // The command line, and the provider plugin's executable (docs/plugin.md#how-pulumi-starts-the-plugin).
    expect(Object.keys(manifest.bin ?? {})).toEqual(["pulumi-posthog", PLUGIN_EXECUTABLE]);
    // pulumi-posthog/testing loads the emulator, which a program's tests add themselves (an optional peer).
    expect(manifest.peerDependencies?.[emulator.name]).toBe(`^${emulator.version}`);
    expect(manifest.peerDependenciesMeta?.[emulator.name]).toEqual({ optional: true });
  });

  it("starts the provider plugin from the installed plugin folder, as `pulumi package add` on it does", async () => {
    const folder = path.join(installed.dir, "node_modules/pulumi-posthog/plugin");
    const plugin = await startPluginFolder(folder, installed.dir);
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, "../package.json"), "utf8")) as Manifest;
      expect(await plugin.pluginVersion()).toBe(manifest.version);
    } finally {
      plugin.stop();
    }
  });

  it("starts the provider plugin from the installed folder's launcher, as the engine runs it once added", async () => {
    const launcher = path.join(installed.dir, "node_modules/pulumi-posthog/plugin", PLUGIN_EXECUTABLE);
    // The engine runs the file only when it can execute it (ExecPlugin, then exec): npm kept its mode.
    expect((fs.statSync(launcher).mode & 0o111).toString(8)).toBe("111");
    const plugin = await startPluginExecutable(launcher, installed.dir);
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(installed.dir, "node_modules/pulumi-posthog/package.json"), "utf8"),
      ) as Manifest;
      expect(await plugin.pluginVersion()).toBe(manifest.version);
      expect(plugin.stderr()).toBe("");
    } finally {
      plugin.stop();
    }
  });

  it("names the package to install when pulumi-posthog/testing starts without posthog-emulator", () => {
    const probe = `
      require("pulumi-posthog/testing").startPostHogEmulator().then(
        () => console.log("started"),
        (e) => console.log(e.message),
      );`;
    const out = execFileSync(process.execPath, ["-e", probe], { cwd: installed.dir, encoding: "utf8" });
    expect(out.trim()).toBe(
      "pulumi-posthog/testing needs the posthog-emulator package: install it with `npm i -D posthog-emulator`",
    );
  });

  it("ships the license and changelog, and no tests, fixtures, source maps or stale build output", () => {
    expect(installed.files).toEqual(expect.arrayContaining(["LICENSE", "CHANGELOG.md", "README.md"]));
    expect(
      fs.readFileSync(path.join(installed.dir, "node_modules/pulumi-posthog/LICENSE"), "utf8"),
    ).toContain("Apache License\n                           Version 2.0, January 2004");
    const unwanted = installed.files.filter(
      (f) =>
        /(^|\/)(test|tests|__tests__|fixtures)\//.test(f) ||
        /\.(map|tsbuildinfo)$|\.test\.|\.ts\.txt$/.test(f),
    );
    expect(unwanted).toEqual([]);
    // Every built file comes from a source file that exists now: a module deleted from src must not ship.
    const stale = installed.files
      .filter((f) => f.startsWith("dist/"))
      .map((f) => f.replace(/^dist\//, "src/").replace(/\.d\.ts$|\.js$/, ".ts"))
      .filter((source) => !fs.existsSync(path.join(REPO_ROOT, source)));
    expect(stale).toEqual([]);
  });

  it("lets a program require the package, its package.json and every module state refers to, and nothing else", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    const reachable = Object.keys(manifest.exports).map((key) => `pulumi-posthog${key.slice(1)}`);
    // The paths `__provider` lines and the shims require (src/resources/*/shim.ts), with and without ".js".
    const abi = [
      "survey/shim",
      "survey/provider",
      "invite/shim",
      "invite/provider",
      "invite/batch-shim",
      "invite/batch-provider",
      "stack-mark/shim",
      "stack-mark/provider",
    ]
      .map((m) => `pulumi-posthog/dist/resources/${m}`)
      .flatMap((m) => [m, `${m}.js`]);
    expect(reachable.sort()).toEqual(
      ["pulumi-posthog", "pulumi-posthog/testing", "pulumi-posthog/package.json", ...abi].sort(),
    );
    const probe = `
      const results = {};
      for (const name of JSON.parse(process.argv[1])) {
        try { results[name] = require.resolve(name); } catch (e) { results[name] = e.code; }
      }
      console.log(JSON.stringify(results));`;
    const internal = [
      "pulumi-posthog/dist/client",
      "pulumi-posthog/dist/resources/survey/stored-texts.js",
      "pulumi-posthog/src/index",
    ];
    const out = execFileSync(process.execPath, ["-e", probe, JSON.stringify([...reachable, ...internal])], {
      cwd: installed.dir,
      encoding: "utf8",
    });
    const resolved = JSON.parse(out) as Record<string, string>;
    const root = path.join(fs.realpathSync(installed.dir), "node_modules/pulumi-posthog");
    for (const name of abi) {
      expect(resolved[name]).toBe(
        path.join(root, `${name.replace(/^pulumi-posthog\//, "").replace(/\.js$/, "")}.js`),
      );
    }
    expect(resolved["pulumi-posthog"]).toBe(path.join(root, "dist/index.js"));
    expect(resolved["pulumi-posthog/package.json"]).toBe(path.join(root, "package.json"));
    expect(resolved["pulumi-posthog/testing"]).toBe(path.join(root, "dist/testing/index.js"));
    for (const name of internal) expect(resolved[name]).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });

  it("keeps the require line the SDK writes for a shim the same under the exports map", () => {
    // The SDK maps a module file back through the package's "exports" when it serializes a closure; a shim that
    // mapped to another name would change every resource's __provider in existing stacks.
    const { getModuleFromPath } = require("@pulumi/pulumi/runtime/closure/package") as {
      getModuleFromPath(path: string, packageDefinition: unknown): string;
    };
    const manifest = JSON.parse(
      fs.readFileSync(path.join(installed.dir, "node_modules/pulumi-posthog/package.json"), "utf8"),
    ) as unknown;
    for (const shim of ["survey/shim.js", "invite/shim.js", "invite/batch-shim.js", "stack-mark/shim.js"]) {
      const name = `pulumi-posthog/dist/resources/${shim}`;
      expect(getModuleFromPath(name, manifest)).toBe(name);
    }
  });

  it("type-checks a consumer program against the installed types", () => {
    const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
    const args = ["--ignoreConfig", "--noEmit", "--strict", "--module", "commonjs", "--target", "es2022"];
    const result = spawnSync(
      process.execPath,
      [tsc, ...args, "--esModuleInterop", "--skipLibCheck", "index.ts"],
      {
        cwd: installed.dir,
        encoding: "utf8",
      },
    );
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it.each([
    ["node10", "commonjs"],
    ["node16", "node16"],
  ])("type-checks a test importing pulumi-posthog/testing (moduleResolution %s)", (resolution, module) => {
    fs.writeFileSync(
      path.join(installed.dir, "uses-testing.ts"),
      [
        'import { startPostHogEmulator, type PostHogEmulator } from "pulumi-posthog/testing";',
        "export async function run(): Promise<number> {",
        "  const emulator: PostHogEmulator = await startPostHogEmulator({ setEnvironment: false });",
        "  const count = (await emulator.requests()).length;",
        "  await emulator.close();",
        "  return count + emulator.projectId;",
        "}",
        "",
      ].join("\n"),
    );
    const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
    const args = [
      "--ignoreConfig",
      "--noEmit",
      "--strict",
      "--module",
      module,
      "--moduleResolution",
      resolution,
    ];
    const result = spawnSync(
      process.execPath,
      [tsc, ...args, "--target", "es2022", "--ignoreDeprecations", "6.0", "uses-testing.ts"],
      { cwd: installed.dir, encoding: "utf8" },
    );
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it.each([
    ["Survey", "survey/shim.js"],
    ["Invite", "invite/shim.js"],
    ["InviteBatch", "invite/batch-shim.js"],
  ])(
    "serializes each %s's provider as one small require line, identical for every resource",
    (type, shim) => {
      const registrations = register(path.join(__dirname, "consumer-program.js"), 7).filter((r) =>
        r.type.endsWith(`:${type}`),
      );
      expect(registrations).toHaveLength(2);
      const providers = registrations.map((r) => String(r.inputs.__provider));
      expect(providers[0]).toBe(providers[1]);
      const bytes = Buffer.byteLength(providers[0]);
      console.log(`${type} __provider: ${bytes} bytes`);
      expect(bytes).toBeLessThan(1024);
      expect(providers[0]).toContain(`require("pulumi-posthog/dist/resources/${shim}")`);
      expect(providers[0]).not.toContain(installed.dir);
      expect(providers[0]).not.toContain(REPO_ROOT);
      expect(providers[0]).not.toMatch(/\d+\.\d+\.\d+/); // no version-specific text
    },
  );

  it("registers the stack's mark once for the program's surveys, its provider one small require line", () => {
    const registrations = register(path.join(__dirname, "consumer-program.js"), 7);
    const marks = registrations.filter((r) => r.type.endsWith(":StackMark"));
    expect(marks.map((r) => r.name)).toEqual(["posthog-stack-mark"]);
    const provider = String(marks[0].inputs.__provider);
    console.log(`StackMark __provider: ${Buffer.byteLength(provider)} bytes`);
    expect(Buffer.byteLength(provider)).toBeLessThan(1024);
    expect(provider).toContain('require("pulumi-posthog/dist/resources/stack-mark/shim.js")');
  });

  it("runs a Survey and an Invite lifecycle from the program folder through the real plugin", async () => {
    const registrations = register(path.join(__dirname, "consumer-program.js"), 7);
    const first = registrations.find((r) => r.name === "first")!;
    const alice = registrations.find((r) => r.name === "alice")!;
    const emulator = await startEmulator({ port: 0 });
    const config = {
      "posthog:host": emulator.url,
      "posthog:apiKey": emulator.apiKey,
      "posthog:projectId": String(emulator.projectId),
    };
    let server = await startProviderServer({ cwd: installed.dir, env: { NODE_PATH: "" } });
    try {
      await server.configure(config);
      // The stack's mark first, as the engine creates it before any survey: a survey create without it is refused
      // (issue 50 item 8), and the program's registrations hold it only as an unknown output.
      const markRegistration = registrations.find((r) => r.type.endsWith(":StackMark"))!;
      const markUrn = `urn:pulumi:dev::consumer::${markRegistration.type}::${markRegistration.name}`;
      const markInputs = Object.fromEntries(
        Object.entries(markRegistration.inputs).filter(([, v]) => v !== undefined && v !== null),
      );
      const mark = await server.create(markUrn, (await server.check(markUrn, {}, markInputs)).inputs);
      const urn = `urn:pulumi:dev::consumer::${first.type}::${first.name}`;
      const news = {
        ...Object.fromEntries(Object.entries(first.inputs).filter(([, v]) => v !== undefined && v !== null)),
        __stackMark: mark.outputs.mark,
      };
      const checked = await server.check(urn, {}, news);
      expect(checked.failures).toEqual([]);
      const created = await server.create(urn, checked.inputs);
      expect(created.outputs).toMatchObject({ name: "Packaged one", surveyId: created.id });
      const diff = await server.diff(created.id, urn, created.outputs, checked.inputs, checked.inputs);
      expect(diff.changes).toBe("none");
      // The delete in a run of its own, as `pulumi destroy` sends it: in the run whose diff kept the survey, the
      // survey is held for that run (ownership/claims.ts) and no delete of that run removes it.
      await server.close();
      server = await startProviderServer({ cwd: installed.dir, env: { NODE_PATH: "" } });
      await server.configure(config);
      const read = await server.read(created.id, urn, created.outputs, checked.inputs);
      expect(read.id).toBe(created.id);
      await server.delete(created.id, urn, read.outputs, checked.inputs);
      const gone = await server.read(created.id, urn, read.outputs, checked.inputs);
      expect(gone.id).toBe("");

      const inviteUrn = `urn:pulumi:dev::consumer::${alice.type}::${alice.name}`;
      const inviteNews = Object.fromEntries(
        Object.entries(alice.inputs).filter(([, v]) => v !== undefined && v !== null),
      );
      const inviteChecked = await server.check(inviteUrn, {}, inviteNews);
      expect(inviteChecked.failures).toEqual([]);
      const invite = await server.create(inviteUrn, inviteChecked.inputs);
      expect(invite.outputs).toMatchObject({
        targetEmail: "alice@example.com",
        status: "pending",
        inviteId: invite.id,
      });
      await server.delete(invite.id, inviteUrn, invite.outputs, inviteChecked.inputs);
    } finally {
      await server.close();
      await emulator.close();
    }
  });
});
