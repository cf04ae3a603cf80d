// Two copies of @pulumi/pulumi in one test process: the program's (resolved from its folder) and the one this
// package resolves from where it is installed. A folder install (`npm install <checkout>`) links the package to
// the checkout, whose own node_modules holds a second SDK; the Automation API's inline program then hands the
// engine a RegisterResourceRequest built by the other copy's protobuf classes, and grpc refuses it with
// "13 INTERNAL: Request message serialization failure: Expected argument of type pulumirpc.RegisterResourceRequest".
import fs from "node:fs";
import path from "node:path";

/** The real folder of the @pulumi/pulumi that `from` resolves, or undefined when it resolves none. */
export function sdkResolvedFrom(from: string): string | undefined {
  try {
    return fs.realpathSync(path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [from] })));
  } catch {
    return undefined;
  }
}

/**
 * The error for two copies, or undefined when the program in `programDir` and this package (installed in
 * `packageDir`) resolve the same @pulumi/pulumi (or the program resolves none).
 */
export function twoSdkCopiesError(programDir: string, packageDir: string): Error | undefined {
  const program = sdkResolvedFrom(programDir);
  const own = sdkResolvedFrom(packageDir);
  if (program === undefined || own === undefined || program === own) return undefined;
  return new Error(
    `pulumi-posthog/testing: two copies of @pulumi/pulumi are loaded, the program's (${program}) and the one ` +
      `pulumi-posthog resolves (${own}). Pulumi's Automation API then fails with "Request message serialization ` +
      'failure: Expected argument of type pulumirpc.RegisterResourceRequest". This happens when pulumi-posthog is ' +
      "installed from a folder (npm install <checkout>), which links the checkout and its own node_modules. " +
      "Install it from its tarballs instead (in the checkout, `npm run local:try` prints the npm install line).",
  );
}
