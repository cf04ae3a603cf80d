// The SDKs in sdk/ as their ecosystems build and install them: regenerating them with the pinned CLI's
// `pulumi package gen-sdk` gives no diff, and each compiles and installs the way a user gets it — nodejs with tsc,
// Python as a wheel and an sdist into a fresh venv, Go through `go get` of the module path by a consumer module,
// then `go build` and `go vet`. Java and .NET have no generator here (docs/plugin.md, "SDKs").
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { requirePulumiCli } from "../support/pulumi-cli";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const ROOT = path.resolve(__dirname, "../..");
const SDK = path.join(ROOT, "sdk");
const LANGUAGES = ["nodejs", "python", "go", "yaml"];

async function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  try {
    return await promisify(execFile)(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    e.message = `${cmd} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`;
    throw e;
  }
}

/** Every file under `dir`, relative, with its content. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = fs.readFileSync(file, "utf8");
  }
  return out;
}

function scratch(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-sdk-"));
}

describe("the generated SDKs", () => {
  withCli("regenerating sdk/ with the pinned CLI gives no diff", async () => {
    const out = scratch();
    try {
      await run(process.execPath, [path.join(SDK, "generate.mjs"), "--out", out], ROOT);
      for (const language of LANGUAGES) {
        expect({ language, files: tree(path.join(out, language)) }).toEqual({
          language,
          files: tree(path.join(SDK, language)),
        });
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  withCli("nodejs: the SDK compiles with tsc against its own dependencies", async () => {
    const dir = scratch();
    try {
      fs.cpSync(path.join(SDK, "nodejs"), dir, { recursive: true });
      await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], dir);
      await run(
        process.execPath,
        [path.join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", dir],
        dir,
      );
      expect(fs.existsSync(path.join(dir, "bin", "index.js"))).toBe(true);
      expect(fs.existsSync(path.join(dir, "bin", "survey.d.ts"))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  withCli(
    "python: python -m build gives a wheel and an sdist that install into a fresh venv and import",
    async () => {
      const dir = scratch();
      try {
        const source = path.join(dir, "source");
        fs.cpSync(path.join(SDK, "python"), source, { recursive: true });
        const venv = path.join(dir, "venv");
        await run("python3", ["-m", "venv", venv], dir);
        const py = path.join(venv, "bin", "python");
        await run(py, ["-m", "pip", "install", "--quiet", "build"], dir);
        await run(py, ["-m", "build", "--outdir", path.join(dir, "dist"), source], dir);
        const built = fs.readdirSync(path.join(dir, "dist")).sort();
        expect(built).toEqual([
          "pulumi_posthog_iac-0.1.0-py3-none-any.whl",
          "pulumi_posthog_iac-0.1.0.tar.gz",
        ]);

        const probe = [
          "import pulumi_posthog_iac as p",
          "print(p.Survey.__name__, p.Invite.__name__, p.InviteBatch.__name__, p.get_surveys.__name__)",
          "print(hasattr(p.Survey, 'declared'))",
        ].join("; ");
        const consumer = path.join(dir, "consumer");
        await run("python3", ["-m", "venv", consumer], dir);
        const cpy = path.join(consumer, "bin", "python");
        await run(cpy, ["-m", "pip", "install", "--quiet", path.join(dir, "dist", built[0])], dir);
        expect((await run(cpy, ["-c", probe], dir)).stdout).toBe(
          "Survey Invite InviteBatch get_surveys\nFalse\n",
        );
        // The sdist builds and installs on its own too (what pip does where no wheel fits).
        await run(
          cpy,
          [
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--force-reinstall",
            path.join(dir, "dist", built[1]),
          ],
          dir,
        );
        expect((await run(cpy, ["-c", probe], dir)).stdout).toBe(
          "Survey Invite InviteBatch get_surveys\nFalse\n",
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  withCli("go: a consumer module gets the SDK by its module path; go build and go vet pass", async () => {
    const dir = scratch();
    try {
      fs.writeFileSync(
        path.join(dir, "go.mod"),
        [
          "module example.com/consumer",
          "",
          "go 1.26",
          "",
          // A local path stands in for the repository until the release's sdk/vX.Y.Z tag is published.
          `replace github.com/pulumi-posthog/pulumi-posthog/sdk => ${SDK}`,
          "",
        ].join("\n"),
      );
      fs.writeFileSync(
        path.join(dir, "main.go"),
        [
          "package main",
          "",
          "import (",
          '\t"github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac"',
          '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
          ")",
          "",
          "func main() {",
          "\tpulumi.Run(func(ctx *pulumi.Context) error {",
          '\t\tsurvey, err := posthogiac.NewSurvey(ctx, "nps", &posthogiac.SurveyArgs{',
          '\t\t\tName: pulumi.String("NPS"),',
          "\t\t\tType: posthogiac.SurveyTypePopover,",
          "\t\t})",
          "\t\tif err != nil {",
          "\t\t\treturn err",
          "\t\t}",
          '\t\tctx.Export("surveyId", survey.SurveyId)',
          "\t\treturn nil",
          "\t})",
          "}",
          "",
        ].join("\n"),
      );
      const env = { ...process.env, GOFLAGS: "-mod=mod" };
      await run("go", ["get", "github.com/pulumi-posthog/pulumi-posthog/sdk@v0.1.0"], dir, env);
      await run("go", ["mod", "tidy"], dir, env);
      await run("go", ["build", "-o", path.join(dir, "consumer"), "."], dir, env);
      await run("go", ["vet", "./..."], dir, env);
      await run("go", ["build", "./..."], SDK, env);
      await run("go", ["vet", "./..."], SDK, env);
      expect(fs.existsSync(path.join(dir, "consumer"))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
