// pulumi-posthog/testing refuses to start when the program and the package resolve two copies of @pulumi/pulumi
// (a folder install), naming both and the fix, instead of the Automation API's serialization failure later.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { twoSdkCopiesError } from "../../src/testing/sdk-copies";

let root: string;

/** A folder whose node_modules holds a @pulumi/pulumi package.json. */
function withSdk(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, "node_modules/@pulumi/pulumi"), { recursive: true });
  fs.writeFileSync(path.join(dir, "node_modules/@pulumi/pulumi/package.json"), '{"name":"@pulumi/pulumi"}');
  return fs.realpathSync(dir);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "sdk-copies-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it("names both copies and the fix when the package resolves its own SDK (a folder install)", () => {
  const program = withSdk("program");
  const checkout = withSdk("checkout");
  fs.mkdirSync(path.join(checkout, "dist/testing"), { recursive: true });
  const error = twoSdkCopiesError(program, path.join(checkout, "dist/testing"));
  expect(error?.message).toBe(
    `pulumi-posthog/testing: two copies of @pulumi/pulumi are loaded, the program's (${program}/node_modules/@pulumi/pulumi) ` +
      `and the one pulumi-posthog resolves (${checkout}/node_modules/@pulumi/pulumi). Pulumi's Automation API then ` +
      'fails with "Request message serialization failure: Expected argument of type pulumirpc.RegisterResourceRequest". ' +
      "This happens when pulumi-posthog is installed from a folder (npm install <checkout>), which links the checkout " +
      "and its own node_modules. Install it from its tarballs instead (in the checkout, `npm run local:try` prints " +
      "the npm install line).",
  );
});

it("says nothing when the package is installed in the program (a tarball install): one copy", () => {
  const program = withSdk("program");
  const installed = path.join(program, "node_modules/pulumi-posthog/dist/testing");
  fs.mkdirSync(installed, { recursive: true });
  expect(twoSdkCopiesError(program, installed)).toBeUndefined();
});
