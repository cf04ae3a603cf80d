// What differs between the languages of a plugin program: the project's runtime, what to install before and after
// `pulumi package add`, how a program's files are put in place, and how the code `pulumi import --out` writes is
// checked to compile and becomes the program. One entry per language; the test runs the same steps for each.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { readPins } from "../../../toolchain/location";
import { REPO_ROOT } from "../../support/self-link";
import { PACKAGE_NAME } from "../../../src/plugin/tokens";
import {
  linkFromRepo,
  PLUGIN_FOLDER,
  readProject,
  writeProject,
  type PluginProject,
} from "../program-folder";
import { createVenv } from "./python-env";

export type LanguageName = "yaml" | "python" | "go" | "nodejs" | "dynamic TypeScript";

export interface PluginLanguage {
  name: LanguageName;
  /** Pulumi.yaml's `runtime`. */
  runtime: unknown;
  /** Whether the program uses the plugin (`pulumi package add`), or the dynamic providers of pulumi-posthog. */
  addsPlugin: boolean;
  /** Extra environment for the CLI and the toolchain. */
  env: NodeJS.ProcessEnv;
  /** The file a program is written in, relative to the project folder. */
  mainFile: string;
  /** The program the quickstart scenario runs (examples/<lang>-quickstart, or test/cli/programs/...). */
  quickstart: string;
  /** The program with two explicit providers and invokes through them. */
  twoHosts: string;
  /** The file name `pulumi import --out` writes. */
  importOut: string;
  beforePackageAdd(project: PluginProject): Promise<void>;
  /** `pulumi package add` of the installed plugin folder (YAML: see YAML_LANGUAGE). */
  packageAdd(project: PluginProject): Promise<void>;
  afterPackageAdd(project: PluginProject): Promise<void>;
  /** Puts the program of `folder` in place (its source files; for YAML, its Pulumi.yaml's program sections). */
  useProgram(dir: string, folder: string): void;
  /** A program that declares nothing (where `pulumi import` starts). */
  useEmptyProgram(dir: string): void;
  /** Checks the imported code compiles (or loads), then makes it the program. */
  adoptImported(project: PluginProject, file: string): Promise<void>;
}

/** Files of a program folder that make up the program (not the project, its dependencies or its docs). */
const NOT_PROGRAM = new Set([
  "Pulumi.yaml",
  "README.md",
  "go.mod",
  "go.sum",
  "requirements.txt",
  "package.json",
]);

function copyProgramFiles(dir: string, folder: string): void {
  for (const entry of fs.readdirSync(folder)) {
    if (!NOT_PROGRAM.has(entry))
      fs.cpSync(path.join(folder, entry), path.join(dir, entry), { recursive: true });
  }
}

/** `pulumi package add ./node_modules/pulumi-posthog/plugin`: generates the SDK, links it, records the package. */
async function packageAdd(project: PluginProject): Promise<void> {
  await project.cli("package", "add", `./${PLUGIN_FOLDER}`);
}

const PROGRAM_SECTIONS = ["config", "variables", "resources", "outputs"];

export const YAML_LANGUAGE: PluginLanguage = {
  addsPlugin: true,
  name: "yaml",
  runtime: "yaml",
  env: {},
  mainFile: "Pulumi.yaml",
  quickstart: "examples/yaml-quickstart",
  twoHosts: "test/cli/programs/yaml/two-hosts",
  importOut: "imported.yaml",
  beforePackageAdd: async () => {},
  // The toolchain's YAML host answers Link (toolchain/yaml/main.go), so `package add` succeeds and records the
  // package in Pulumi.yaml itself.
  packageAdd: async (project) => {
    await packageAdd(project);
    const packages = readProject(project.dir).packages;
    if (typeof packages !== "object" || packages === null || !(PACKAGE_NAME in packages)) {
      throw new Error(`pulumi package add did not record ${PACKAGE_NAME} under packages in Pulumi.yaml`);
    }
  },
  afterPackageAdd: async () => {},
  // The program is Pulumi.yaml's program sections; the project's name, runtime and packages stay.
  useProgram: (dir, folder) => {
    const program = YAML.parse(fs.readFileSync(path.join(folder, "Pulumi.yaml"), "utf8")) as Record<
      string,
      unknown
    >;
    const project = readProject(dir);
    for (const key of PROGRAM_SECTIONS) delete project[key];
    for (const key of PROGRAM_SECTIONS) if (program[key] !== undefined) project[key] = program[key];
    writeProject(dir, project);
  },
  useEmptyProgram: (dir) => {
    const project = readProject(dir);
    for (const key of PROGRAM_SECTIONS) delete project[key];
    writeProject(dir, project);
  },
  adoptImported: async (project, file) => {
    const imported = YAML.parse(fs.readFileSync(path.join(project.dir, file), "utf8")) as Record<
      string,
      unknown
    >;
    if (typeof imported.resources !== "object" || imported.resources === null)
      throw new Error(
        `${file} declares no resources:\n${fs.readFileSync(path.join(project.dir, file), "utf8")}`,
      );
    const program = readProject(project.dir);
    program.resources = { ...(program.resources as object | undefined), ...imported.resources };
    writeProject(project.dir, program);
  },
};

export const PYTHON_LANGUAGE: PluginLanguage = {
  addsPlugin: true,
  name: "python",
  runtime: { name: "python", options: { toolchain: "pip", virtualenv: "venv" } },
  env: {},
  mainFile: "__main__.py",
  quickstart: "examples/python-quickstart",
  twoHosts: "test/cli/programs/python/two-hosts",
  importOut: "imported.py",
  beforePackageAdd: async (project) => {
    fs.copyFileSync(
      path.join(REPO_ROOT, "examples/python-quickstart/requirements.txt"),
      path.join(project.dir, "requirements.txt"),
    );
    PYTHON_LANGUAGE.useEmptyProgram(project.dir);
    await createVenv(project.dir);
  },
  packageAdd,
  // `package add` installed the SDK into the venv (Link, then the host's InstallDependencies): it imports.
  afterPackageAdd: async (project) => {
    await project.exec(path.join(project.dir, "venv/bin/python"), ["-c", "import pulumi_posthog_iac"]);
  },
  useProgram: copyProgramFiles,
  useEmptyProgram: (dir) => fs.writeFileSync(path.join(dir, "__main__.py"), "import pulumi\n"),
  adoptImported: async (project, file) => {
    const python = path.join(project.dir, "venv/bin/python");
    await project.exec(python, ["-m", "py_compile", file]);
    fs.copyFileSync(path.join(project.dir, file), path.join(project.dir, "__main__.py"));
  },
};

/** The Go SDK the program requires: Pulumi's, at the CLI's release. */
const GO_PULUMI_SDK = "github.com/pulumi/pulumi/sdk/v3";

export const GO_LANGUAGE: PluginLanguage = {
  addsPlugin: true,
  name: "go",
  runtime: "go",
  // Missing requirements are added to go.mod and go.sum as the build finds them.
  env: { GOFLAGS: "-mod=mod" },
  mainFile: "main.go",
  quickstart: "examples/go-quickstart",
  twoHosts: "test/cli/programs/go/two-hosts",
  importOut: "imported.go",
  beforePackageAdd: async (project) => {
    fs.copyFileSync(path.join(REPO_ROOT, "examples/go-quickstart/go.mod"), path.join(project.dir, "go.mod"));
    // These folders take the SDK `package add` generates (module .../sdk/go, linked by a replace), not the
    // released module the quickstart requires: both hold .../sdk/go/posthogiac, an ambiguous import.
    await project.exec("go", [
      "mod",
      "edit",
      `-require=${GO_PULUMI_SDK}@${readPins().pulumi}`,
      "-droprequire=github.com/pulumi-posthog/pulumi-posthog/sdk",
    ]);
    GO_LANGUAGE.useEmptyProgram(project.dir);
  },
  packageAdd,
  afterPackageAdd: async (project) => {
    await project.exec("go", ["mod", "tidy"]);
  },
  useProgram: copyProgramFiles,
  useEmptyProgram: (dir) =>
    fs.writeFileSync(
      path.join(dir, "main.go"),
      [
        "package main",
        "",
        `import "${GO_PULUMI_SDK}/go/pulumi"`,
        "",
        "func main() {",
        "\tpulumi.Run(func(ctx *pulumi.Context) error { return nil })",
        "}",
        "",
      ].join("\n"),
    ),
  // The generated file is a whole program (package main): it replaces main.go, then builds and passes vet.
  adoptImported: async (project, file) => {
    fs.renameSync(path.join(project.dir, file), path.join(project.dir, "main.go"));
    await project.exec("go", ["vet", "."]);
    await project.exec("go", ["build", "-o", path.join(project.dir, "imported-program"), "."]);
  },
};

export const NODEJS_LANGUAGE: PluginLanguage = {
  addsPlugin: true,
  name: "nodejs",
  runtime: "nodejs",
  env: {},
  mainFile: "index.ts",
  quickstart: "test/cli/programs/nodejs/quickstart",
  twoHosts: "test/cli/programs/nodejs/two-hosts",
  importOut: "imported.ts",
  // The program's tsconfig.json is read by three TypeScripts: the repo's (6.x, linked here) under the program's
  // ts-node and `tsc`, and the TypeScript 3.8.3 vendored in @pulumi/pulumi, under which its cmd/run-plugin starts
  // the installed plugin from the program's folder (cwd) whatever the plugin's `typescript: false` says. So it
  // names only options all three accept, and neither `module` nor `moduleResolution`: @pulumi/pulumi's runners
  // choose both together by TypeScript version (cmd/run/run.js), and a tsconfig that sets one of them splits
  // the pair ("Option 'module' must be set to 'NodeNext' ...").
  beforePackageAdd: async (project) => {
    linkFromRepo(project.dir, ["typescript", "@types/node"]);
    fs.copyFileSync(
      path.join(REPO_ROOT, "test/cli/programs/nodejs/tsconfig.json"),
      path.join(project.dir, "tsconfig.json"),
    );
    NODEJS_LANGUAGE.useEmptyProgram(project.dir);
  },
  packageAdd,
  afterPackageAdd: async () => {},
  useProgram: copyProgramFiles,
  useEmptyProgram: (dir) => fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n"),
  adoptImported: async (project, file) => {
    fs.copyFileSync(path.join(project.dir, file), path.join(project.dir, "index.ts"));
    await project.exec(process.execPath, [
      path.join(REPO_ROOT, "node_modules/typescript/bin/tsc"),
      "--noEmit",
    ]);
  },
};

/** The docs' TypeScript example on the dynamic providers: what the plugin's programs are compared with. */
export const DYNAMIC_TYPESCRIPT: PluginLanguage = {
  ...NODEJS_LANGUAGE,
  name: "dynamic TypeScript",
  addsPlugin: false,
  quickstart: "test/cli/programs/dynamic/quickstart",
  twoHosts: "",
  beforePackageAdd: async (project) => {
    linkFromRepo(project.dir, ["typescript", "@types/node"]);
    fs.copyFileSync(
      path.join(REPO_ROOT, "test/cli/programs/nodejs/tsconfig.json"),
      path.join(project.dir, "tsconfig.json"),
    );
  },
};

export const PLUGIN_LANGUAGES: readonly PluginLanguage[] = [
  YAML_LANGUAGE,
  PYTHON_LANGUAGE,
  GO_LANGUAGE,
  NODEJS_LANGUAGE,
];
