// One install route per language, written once (tools/release/install-routes.ts), issue 51: the README, the
// installation guide and each quickstart's README hold the table's lines, each quickstart's folder holds the
// dependency line its route names (so a clone installs the same way), `npm run local:try` prints the docs' own
// local-try lines with its paths, and no doc gives the `package add ./node_modules/…` route that records a path a
// clone does not have. The routes run for real in test/cli/install-routes.test.ts.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  docBlocks,
  INSTALL_ROUTES,
  placeholderPaths,
  ROUTE_DOCS,
  routeFor,
  withRouteBlocks,
} from "../../tools/release/install-routes";
import { describeLocalTry, type LocalTry } from "../../tools/release/local-try";
import { REPO_ROOT } from "../support/self-link";

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
const { version } = z.object({ version: z.string() }).parse(JSON.parse(read("package.json")));

it.each(ROUTE_DOCS)("%s holds the table's lines in every marked block", (doc) => {
  const text = read(doc);
  expect(docBlocks(text).length).toBeGreaterThan(0);
  // On a difference: `npm run docs:install-routes` writes the blocks.
  expect(text).toBe(withRouteBlocks(text, version));
});

it("the README shows every language's route in one table, and the guide every language's local try", () => {
  expect(docBlocks(read("README.md")).map((b) => `${b.language} ${b.when}`)).toEqual(["all table"]);
  const localTries = docBlocks(read("docs/installation-configuration.md"))
    .filter((b) => b.when === "local-try")
    .map((b) => b.language);
  expect(localTries).toEqual(INSTALL_ROUTES.map((r) => r.language));
});

it.each(["python", "go", "java", "yaml"] as const)(
  "examples/%s-quickstart holds its route's dependency line, and its README both of its routes",
  (language) => {
    const folder = `examples/${language}-quickstart`;
    const { file, line } = routeFor(language).holds(version);
    expect(
      read(`${folder}/${file}`)
        .split("\n")
        .map((l) => l.trim()),
    ).toContain(line);
    expect(docBlocks(read(`${folder}/README.md`)).map((b) => `${b.language} ${b.when}`)).toEqual([
      `${language} release`,
      `${language} local-try`,
    ]);
  },
);

// TypeScript's quickstart is examples/quickstart: a copy of the folder installs the release, as the table says.
it("examples/quickstart's package.json holds the TypeScript route's dependency line", () => {
  const { file, line } = routeFor("typescript").holds(version);
  expect(
    read(`examples/quickstart/${file}`)
      .split("\n")
      .map((l) => l.trim().replace(/,$/, "")),
  ).toContain(line);
});

it("npm run local:try prints the docs' local-try lines, with its own paths in place of the placeholders", () => {
  const folder = "/home/ada/pulumi-posthog/dist/local-try";
  const archive = `${folder}/pulumi-resource-posthog-iac-v${version}-linux-amd64.tar.gz`;
  const built: LocalTry = {
    version,
    tarballs: {
      provider: `${folder}/pulumi-posthog-${version}.tgz`,
      sanitiser: `${folder}/pulumi-posthog-posthog-html-${version}.tgz`,
      cliOptions: `${folder}/pulumi-posthog-cli-options-${version}.tgz`,
      emulator: `${folder}/posthog-emulator-${version}.tgz`,
    },
    archive,
    wheel: { path: `${folder}/pulumi_posthog_iac-${version}-py3-none-any.whl` },
    goProxy: `${folder}/go-proxy`,
  };
  const printed = describeLocalTry(built, folder).split("\n");
  // The Java route reads the SDK from ~/.m2: local:try says when its `mvn install` failed.
  expect(describeLocalTry(built, folder, { error: "mvn: not found" })).toContain(
    "(the Java SDK was not installed into ~/.m2: mvn: not found)",
  );
  const placeholders = placeholderPaths(version);
  const commands = docBlocks(read("docs/installation-configuration.md"))
    .filter((b) => b.when === "local-try")
    .flatMap((b) => /```sh\n([\s\S]*?)\n```/.exec(b.text)?.[1].split("\n") ?? []);
  expect(commands.length).toBeGreaterThanOrEqual(INSTALL_ROUTES.length * 2);
  for (const command of commands) {
    const own = command.split(placeholders.archive).join(archive).split(placeholders.folder).join(folder);
    expect(printed).toContain(`  ${own}`);
  }
});

it("the README's Install section names each language's config namespace before any key is set", () => {
  const readme = read("README.md");
  const install = readme.slice(
    readme.indexOf("## Install\n"),
    readme.indexOf("\n## ", readme.indexOf("## Install\n") + 1),
  );
  const firstKey = install.indexOf(":apiKey");
  expect(firstKey).toBeGreaterThan(0);
  // Both namespaces are said before the first key line, so no reader of another language sets posthog:apiKey.
  expect(install.slice(0, firstKey)).toMatch(/under `posthog:`/);
  expect(install.slice(0, firstKey)).toMatch(/under `posthog-iac:`/);
  // And each language's row sets the key under its language's namespace.
  const rows = install.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| Language"));
  for (const route of INSTALL_ROUTES) {
    const row = rows.find((line) => line.startsWith(`| ${route.title} |`)) ?? "";
    const keys = [...row.matchAll(/pulumi config set --secret ([\w-]+):apiKey/g)].map((m) => m[1]);
    expect({ language: route.language, keys }).toEqual({ language: route.language, keys: [route.namespace] });
  }
});

it("no doc gives `pulumi package add ./node_modules/…` as a route (it records a path a clone has not)", () => {
  const docs = [...ROUTE_DOCS, "docs/_index.md", "docs/plugin.md"];
  const commands = docs.flatMap((doc) =>
    [...read(doc).matchAll(/```sh\n([\s\S]*?)```/g)]
      .flatMap((m) => m[1].split("\n"))
      .filter((line) => /pulumi package add \S*node_modules/.test(line))
      .map((line) => `${doc}: ${line}`),
  );
  expect(commands).toEqual([]);
});

// Issue 51: a Pulumi.yaml records no path under node_modules (a clone has none), in any quickstart.
it.each(["python", "go", "java", "yaml"])(
  "examples/%s-quickstart's Pulumi.yaml names no plugin path",
  (language) => {
    const project = read(`examples/${language}-quickstart/Pulumi.yaml`);
    expect({ packages: /^packages:/m.test(project), nodeModules: project.includes("node_modules") }).toEqual({
      packages: false,
      nodeModules: false,
    });
  },
);
