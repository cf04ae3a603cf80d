// jest.config.js maps @npmcli/arborist to test/setup/lazy-arborist.js, which loads the real module on first use.
// Loading the SDK must not load it, and the SDK's one use of it (computeCodePaths) must still get the real class.
// The tests run in order and share this file's module registry, which jest lists as require.cache.
const loaded = (pattern: RegExp) => Object.keys(require.cache).filter((file) => pattern.test(file));
const SDK_ENTRY = /[\\/]@pulumi[\\/]pulumi[\\/]index\.js$/;
const ARBORIST_FILES = /[\\/]@npmcli[\\/]arborist[\\/]lib[\\/]/;

test("loading @pulumi/pulumi leaves @npmcli/arborist unloaded", () => {
  require("@pulumi/pulumi");
  expect(loaded(SDK_ENTRY)).toHaveLength(1);
  expect(loaded(ARBORIST_FILES)).toEqual([]);
});

test("the first use of Arborist loads the real class", () => {
  const { Arborist } = require("@npmcli/arborist") as { Arborist: unknown };
  expect(typeof Arborist).toBe("function");
  expect(Arborist).toBe(require(require.resolve("@npmcli/arborist/lib/index.js")).Arborist);
  expect(loaded(/[\\/]@npmcli[\\/]arborist[\\/]lib[\\/]arborist[\\/]index\.js$/)).toHaveLength(1);
});
