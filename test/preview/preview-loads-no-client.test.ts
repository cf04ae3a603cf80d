// A preview (configure, check, diff) must not load the HTTP client beyond the run's one check of the key and host
// (provider-kit/key-check.ts, which loads it on its first call): with that check off (`checkKeyAndHost: false`),
// axios and everything under src/client/ are loaded only by create, read, update and delete. Nor must a program
// that only declares resources (the data functions load the client on their first call). Checked in fresh node
// processes against the built package.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

const DIST = path.join(REPO_ROOT, "dist");

function modulesLoadedBy(script: string, settings: Record<string, string> = {}, ...args: string[]): string[] {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("POSTHOG_"))),
    ...settings,
  };
  const out = execFileSync(process.execPath, [path.join(__dirname, script), DIST, ...args], {
    env,
    encoding: "utf8",
  });
  return (JSON.parse(out) as string[]).map((file) =>
    path.relative(REPO_ROOT, file).split(path.sep).join("/"),
  );
}

test("with the key check off, configure, check and diff of every resource load neither axios nor the client", () => {
  // Each compiled module on its own: the graph the bundle keeps (tools/bundle.js), where a load shows as a file.
  const loaded = modulesLoadedBy("load-preview.js", { POSTHOG_CHECK_KEY_AND_HOST: "false" }, "calls");
  // The calls really ran through the preview modules...
  expect(loaded).toEqual(
    expect.arrayContaining([
      "dist/resources/survey/preview.js",
      "dist/resources/invite/preview.js",
      "dist/resources/invite/batch-preview.js",
    ]),
  );
  // ...and nothing that talks HTTP came with them.
  expect(loaded.filter((file) => file.includes("node_modules/axios/"))).toEqual([]);
  expect(loaded.filter((file) => file.startsWith("dist/client/"))).toEqual([]);
  expect(loaded.filter((file) => /dist\/resources\/.*\/(batch-)?apply\.js$/.test(file))).toEqual([]);
});

test("through the shims' provider modules, a preview reads the one bundle and loads no axios", () => {
  const loaded = modulesLoadedBy("load-preview.js", { POSTHOG_CHECK_KEY_AND_HOST: "false" }, "provider");
  const ours = loaded.filter((file) => file.startsWith("dist/")).sort();
  expect(ours).toEqual([
    "dist/providers.js",
    "dist/resources/invite/batch-provider.js",
    "dist/resources/invite/provider.js",
    "dist/resources/survey/provider.js",
  ]);
  expect(loaded.filter((file) => file.includes("node_modules/axios/"))).toEqual([]);
  // zod is in the bundle, without its locales (tools/bundle.js).
  expect(loaded.filter((file) => file.includes("node_modules/zod/"))).toEqual([]);
});

test("a program that imports the package and declares resources loads neither axios nor the client", () => {
  const loaded = modulesLoadedBy("load-program.js");
  expect(loaded).toEqual(expect.arrayContaining(["dist/index.js", "dist/resources/survey/survey.js"]));
  expect(loaded.filter((file) => file.includes("node_modules/axios/"))).toEqual([]);
  // VERSION comes from client/user-agent.js, which only reads package.json.
  expect(loaded.filter((file) => file.startsWith("dist/client/"))).toEqual(["dist/client/user-agent.js"]);
});
