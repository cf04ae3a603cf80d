// The module name the SDK's closure serializer would write for the shim, per install layout and SDK version:
// the shim falls back to a by-value forwarder exactly when this is not the package name.
import path from "node:path";
import { sdkModuleName } from "../../src/provider-kit/sdk-module-name";

const program = path.join(path.sep, "home", "me", "infra");
const shim = "pulumi-posthog/dist/resources/survey/shim.js";
const inProgram = (...parts: string[]): string => path.join(program, ...parts);
const pnpmStore = inProgram(
  "node_modules",
  ".pnpm",
  "pulumi-posthog@file+..+pulumi-posthog-0.1.0.tgz_@pulumi+pulumi@3.248.0_typescript@5.9.3",
  "node_modules",
  shim,
);

describe("sdkModuleName", () => {
  it.each([
    ["npm/yarn layout, SDK 3.248", inProgram("node_modules", shim), "3.248.0", shim],
    ["npm/yarn layout, SDK 3.270", inProgram("node_modules", shim), "3.270.0", shim],
    ["hoisted to a parent folder", path.join(program, "..", "node_modules", shim), "3.248.0", shim],
    ["pnpm store, SDK 3.251 (knows the layout)", pnpmStore, "3.251.0", shim],
    ["pnpm store, SDK 4.0", pnpmStore, "4.0.0", shim],
  ])("%s: the package name", (_layout, file, sdk, expected) => {
    expect(sdkModuleName(file, program, sdk)).toBe(expected);
  });

  it.each([
    ["SDK 3.248", "3.248.0"],
    ["SDK 3.250", "3.250.0"],
    ["unknown SDK", undefined],
  ])("pnpm store, %s: the store path, which the shim must not let into state", (_label, sdk) => {
    expect(sdkModuleName(pnpmStore, program, sdk)).toBe(
      ".pnpm/pulumi-posthog@file+..+pulumi-posthog-0.1.0.tgz_@pulumi+pulumi@3.248.0_typescript@5.9.3/node_modules/" +
        shim,
    );
  });

  it("outside node_modules: nothing (the SDK serializes the object by value)", () => {
    expect(sdkModuleName(path.join(program, "src", "shim.js"), program, "3.248.0")).toBeUndefined();
  });
});
