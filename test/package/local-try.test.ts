// `npm run local:try` (tools/release/local-try.ts): one folder with every file a program outside the checkout
// installs, built as the release builds them, and the lines it prints name each of them. The routes themselves run
// elsewhere: TypeScript from these tarballs through the real CLI (test/compat/cli-range.compat.ts), the archive and
// the wheel in Python and YAML programs (test/cli/plugin-archive-cli.test.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildLocalTry, describeLocalTry, type LocalTry } from "../../tools/release/local-try";
import { archiveName, hostPlatform } from "../../tools/release/plugin-archive";
import { REPO_ROOT } from "../support/self-link";
import { wheelFolder } from "../cli/plugin/python-env";

const VERSION = "0.1.0-local.0";
let out: string;
let built: LocalTry;

beforeAll(
  async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), "local-try-"));
    built = await buildLocalTry(REPO_ROOT, out, VERSION, [await wheelFolder()]);
  },
  10 * 60 * 1000,
);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

it("holds the four npm tarballs, this platform's plugin archive, the Python wheel and the Go proxy, and nothing else", () => {
  expect(built.wheel).toEqual({ path: path.join(out, "pulumi_posthog_iac-0.1.0-py3-none-any.whl") });
  expect(fs.readdirSync(out).sort()).toEqual(
    [
      "posthog-emulator-0.1.0.tgz",
      "pulumi-posthog-0.1.0.tgz",
      "pulumi-posthog-cli-options-0.1.0.tgz",
      "pulumi-posthog-posthog-html-0.1.0.tgz",
      "pulumi_posthog_iac-0.1.0-py3-none-any.whl",
      archiveName(VERSION, hostPlatform()),
      "go-proxy",
    ].sort(),
  );
  // The Go SDK as a module proxy serves it (tools/release/go-proxy.ts): the module's files under module@version/.
  const at = path.join(built.goProxy, "github.com/pulumi-posthog/pulumi-posthog/sdk/@v");
  expect(fs.readdirSync(at).sort()).toEqual(
    ["list", `v${VERSION}.info`, `v${VERSION}.mod`, `v${VERSION}.zip`].sort(),
  );
});

it("prints an install line per language, each naming the files it installs", () => {
  const printed = describeLocalTry(built, out);
  const t = built.tarballs;
  expect(printed).toContain(`npm install ${t.provider} ${t.sanitiser} ${t.cliOptions}\n`);
  expect(printed).toContain(`npm install --save-dev ${t.emulator}\n`);
  expect(printed).toContain(
    `pulumi plugin install resource posthog-iac ${VERSION} --file ${built.archive}\n`,
  );
  expect(printed).toContain(`  PIP_FIND_LINKS=${out} pulumi install\n`);
  expect(printed).toContain(
    `  GOPROXY=file://${built.goProxy},https://proxy.golang.org GONOSUMDB=github.com/pulumi-posthog/pulumi-posthog/sdk pulumi install\n`,
  );
  expect(printed).toContain(
    `npx --yes -p ${t.sanitiser} -p ${t.cliOptions} -p ${t.emulator} posthog-emulator`,
  );
});
