// The one install route per language, written once: what a program's folder holds that names the package (committed,
// so a clone has it), the commands that install it from a release, the commands that install it before a release
// (`npm run local:try`), and the config namespace its resources read. The README, the installation guide and each
// quickstart's README hold these lines between `<!-- install-route: … -->` markers, `npm run local:try` prints them
// with its own paths, and test/unit/install-routes.test.ts holds all three to this table
// (`npm run docs:install-routes` rewrites the marked blocks).
//
// Why no `pulumi package add` and no `packages:` in Pulumi.yaml: `package add` of the npm package's plugin folder
// records that path (`posthog-iac: ./node_modules/pulumi-posthog/plugin`), and a teammate's clone, whose
// `pulumi install` reads `packages:` first (pulumi/pulumi v3.274.1 pkg/cmd/pulumi/install/install.go,
// NewInstallCmd -> newcmd.InstallPackagesFromProject), fails with "no folder at path". `package add` condenses a
// local path to the package's name and version only when the path is a file (pkg/cmd/pulumi/packagecmd/
// package_add.go, the TODO[#21349] branch), and a name alone makes the clone's CLI look for the plugin at the
// fallback github.com/pulumi/pulumi-posthog-iac. Every route here instead names the package where the language
// names its dependencies, at the release's version, and the SDK names the plugin and its download URL
// (pulumi-plugin.json; the YAML declaration's downloadUrl); so `pulumi install` in any clone installs the same
// things. Before a release the only difference is where they come from: the plugin archive installed by hand (the
// CLI then finds that version installed and downloads nothing), and pip's or Go's own setting for a local source, or
// (Java) the local Maven repository that `npm run local:try` installs the SDK into.
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import type { LocalTarballs } from "./pack";
import { npmInstallLines } from "./pack";

export type RouteLanguage = "typescript" | "python" | "go" | "java" | "yaml";

/** Where a local try's files are (npm run local:try), or the placeholders the docs show for them. */
export interface LocalTryPaths {
  /** The folder local:try writes (dist/local-try of the checkout). */
  folder: string;
  /** The plugin archive for this machine. */
  archive: string;
  tarballs: LocalTarballs;
  /** The Go module proxy folder (tools/release/go-proxy.ts). */
  goProxy: string;
}

export interface InstallRoute {
  language: RouteLanguage;
  title: string;
  /** The file in the program's folder that names the package, and the line it holds. */
  holds: (version: string) => { file: string; line: string };
  /** What a local try needs beyond its folder's files, said before its commands (Java: the SDK in ~/.m2). */
  localTryNeeds?: string;
  /** From a release, in the program's folder. */
  release: (version: string) => string[];
  /** Before a release, in the program's folder, with a local try's files. */
  localTry: (version: string, paths: LocalTryPaths) => string[];
  /** The stack config namespace the program's resources read. */
  namespace: string;
}

/** The Go SDK's module (sdk/go.mod), which a Go program requires. */
export const GO_SDK_MODULE = "github.com/pulumi-posthog/pulumi-posthog/sdk";
/** The Python SDK's distribution on PyPI (sdk/python/pyproject.toml). */
export const PYTHON_SDK_DISTRIBUTION = "pulumi-posthog-iac";

/** The Java SDK's Maven coordinates (sdk/java/pom.xml, which test/unit/sdk-java.test.ts holds to these). */
export const JAVA_SDK_GROUP_ID = "io.github.pulumiposthog";
export const JAVA_SDK_ARTIFACT_ID = PACKAGE_NAME;

/** The dependency a Maven program's pom.xml declares, on one line (examples/java-quickstart/pom.xml holds it). */
export const javaDependencyLine = (version: string): string =>
  `<dependency><groupId>${JAVA_SDK_GROUP_ID}</groupId><artifactId>${JAVA_SDK_ARTIFACT_ID}</artifactId>` +
  `<version>${version}</version></dependency>`;

/** The plugin from its archive, which Python, Go, Java and YAML install first before a release. */
export const pluginInstallLine = (version: string, archive: string): string =>
  `pulumi plugin install resource ${PACKAGE_NAME} ${version} --file ${archive}`;

export const INSTALL_ROUTES: readonly InstallRoute[] = [
  {
    language: "typescript",
    title: "TypeScript, JavaScript",
    holds: (version) => ({ file: "package.json", line: `"pulumi-posthog": "^${version}"` }),
    release: () => ["npm install pulumi-posthog @pulumi/pulumi"],
    localTry: (_version, paths) => [...npmInstallLines(paths.tarballs)],
    namespace: "posthog",
  },
  {
    language: "python",
    title: "Python",
    holds: (version) => ({ file: "requirements.txt", line: `${PYTHON_SDK_DISTRIBUTION}==${version}` }),
    release: () => ["pulumi install"],
    // pip reads PIP_FIND_LINKS, and the python host runs pip with the CLI's environment.
    localTry: (version, paths) => [
      pluginInstallLine(version, paths.archive),
      `PIP_FIND_LINKS=${paths.folder} pulumi install`,
    ],
    namespace: PACKAGE_NAME,
  },
  {
    language: "go",
    title: "Go",
    holds: (version) => ({ file: "go.mod", line: `${GO_SDK_MODULE} v${version}` }),
    release: () => ["pulumi install"],
    // The go host's install is `go mod tidy`, which reads GOPROXY; the checksum database has no unreleased module.
    localTry: (version, paths) => [
      pluginInstallLine(version, paths.archive),
      `GOPROXY=file://${paths.goProxy},https://proxy.golang.org GONOSUMDB=${GO_SDK_MODULE} pulumi install`,
    ],
    namespace: PACKAGE_NAME,
  },
  {
    language: "java",
    title: "Java",
    holds: (version) => ({ file: "pom.xml", line: javaDependencyLine(version) }),
    // The java host's install is the executor's build (`mvn compile`), which takes the SDK from Maven Central or the
    // local repository; its plugin list is the SDK's plugin.json (com/pulumi/posthog-iac/plugin.json, read by
    // com.pulumi.bootstrap.internal.Main packages), which names this version and its download URL. No
    // `packages:` in Pulumi.yaml: Java has no `package add` here, and a path there is what a clone lacks.
    release: () => ["pulumi install"],
    localTryNeeds: "`npm run local:try` has installed the SDK into the local Maven repository (`~/.m2`)",
    localTry: (version, paths) => [pluginInstallLine(version, paths.archive), "pulumi install"],
    namespace: PACKAGE_NAME,
  },
  {
    language: "yaml",
    title: "YAML",
    holds: (version) => ({
      file: `sdks/${PACKAGE_NAME}/${PACKAGE_NAME}-${version}.yaml`,
      line: `version: ${version}`,
    }),
    release: () => ["pulumi install"],
    localTry: (version, paths) => [pluginInstallLine(version, paths.archive), "pulumi install"],
    namespace: PACKAGE_NAME,
  },
];

export function routeFor(language: RouteLanguage): InstallRoute {
  const route = INSTALL_ROUTES.find((r) => r.language === language);
  if (!route) throw new Error(`no install route for ${language}`);
  return route;
}

/** The placeholders the docs show for a local try's paths; local:try prints its own in their place. */
export function placeholderPaths(version: string): LocalTryPaths {
  const folder = "<local-try>";
  return {
    folder,
    archive: `${folder}/pulumi-resource-${PACKAGE_NAME}-v${version}-<os>-<arch>.tar.gz`,
    tarballs: {
      provider: `${folder}/pulumi-posthog-${version}.tgz`,
      sanitiser: `${folder}/pulumi-posthog-posthog-html-${version}.tgz`,
      cliOptions: `${folder}/pulumi-posthog-cli-options-${version}.tgz`,
      emulator: `${folder}/posthog-emulator-${version}.tgz`,
    },
    goProxy: `${folder}/go-proxy`,
  };
}

/** The key, under the namespace the language's resources read. */
const configLine = (route: InstallRoute) =>
  `pulumi config set --secret ${route.namespace}:apiKey <personal API key>`;

/** The commands of a route as a markdown block (a sentence naming what the folder holds, then the commands). */
export function routeBlock(route: InstallRoute, version: string, when: "release" | "local-try"): string {
  const { file, line } = route.holds(version);
  const commands =
    when === "release" ? route.release(version) : route.localTry(version, placeholderPaths(version));
  const needs = when === "local-try" && route.localTryNeeds ? `; ${route.localTryNeeds}` : "";
  return [
    `**${route.title}**: the program's \`${file}\` holds \`${line}\`${needs}; then, in the program's folder:`,
    "",
    "```sh",
    ...commands,
    configLine(route),
    "```",
  ].join("\n");
}

/** Every route from a release as one table (the README's, which stays short). */
export function routeTable(version: string): string {
  return [
    "| Language | The program's folder holds | Then, in the folder | The key |",
    "| --- | --- | --- | --- |",
    ...INSTALL_ROUTES.map((route) => {
      const { file, line } = route.holds(version);
      const commands = route
        .release(version)
        .map((c) => `\`${c}\``)
        .join(", then ");
      return `| ${route.title} | \`${line}\` in \`${file}\` | ${commands} | \`${configLine(route)}\` |`;
    }),
  ].join("\n");
}

/** The marker a doc's block sits between: `<!-- install-route: python release -->` … `<!-- /install-route -->`. */
const BLOCK =
  /<!-- install-route: (\w+) (release|local-try|table) -->\n(?:((?:(?!<!-- )[\s\S])*?)\n)?<!-- \/install-route -->/g;

export interface DocBlock {
  /** A route's language, or `all` for the table of every route. */
  language: RouteLanguage | "all";
  when: "release" | "local-try" | "table";
  text: string;
}

type When = DocBlock["when"];

/** The text of a block: a route's commands, or (`all table`) the table of every route. */
function blockText(language: string, when: When, version: string): string {
  if (language === "all" && when === "table") return routeTable(version);
  if (when === "table") throw new Error(`install-route: only "all" has a table, not ${language}`);
  return routeBlock(routeFor(language as RouteLanguage), version, when);
}

/** The marked blocks of a document. */
export function docBlocks(markdown: string): DocBlock[] {
  return [...markdown.matchAll(BLOCK)].map((m) => ({
    language: m[1] === "all" ? "all" : routeFor(m[1] as RouteLanguage).language,
    when: m[2] as When,
    text: m[3] ?? "",
  }));
}

/** The document with every marked block rewritten from the table. */
export function withRouteBlocks(markdown: string, version: string): string {
  return markdown.replace(
    BLOCK,
    (_all, language: string, when: When) =>
      `<!-- install-route: ${language} ${when} -->\n${blockText(language, when, version)}\n<!-- /install-route -->`,
  );
}

/** What `npm run local:try` prints for each language: the same commands, with its own paths. */
export function localTryLines(version: string, paths: LocalTryPaths): string[] {
  return INSTALL_ROUTES.flatMap((route) => [
    `${route.title} (the program's ${route.holds(version).file} holds ${route.holds(version).line}` +
      `${route.localTryNeeds ? `; ${route.localTryNeeds.replace(/`/g, "")}` : ""}):`,
    ...route.localTry(version, paths).map((line) => `  ${line}`),
    `  ${configLine(route)}`,
    "",
  ]);
}

/** The docs whose marked blocks the table writes. */
export const ROUTE_DOCS = [
  "README.md",
  "docs/installation-configuration.md",
  "examples/python-quickstart/README.md",
  "examples/go-quickstart/README.md",
  "examples/java-quickstart/README.md",
  "examples/yaml-quickstart/README.md",
];
