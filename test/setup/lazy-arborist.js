// jest.config.js maps "@npmcli/arborist" to this file in every test file's module registry.
//
// Why: @pulumi/pulumi's runtime/index.js re-exports computeCodePaths from runtime/closure/codePaths.js, which imports
// @npmcli/arborist at load time (with pacote, npm-registry-fetch, make-fetch-happen and cacache behind it, ~450
// modules). Only computeCodePaths, which packages a function's node_modules for a cloud function, ever uses it, and no
// test calls it. Jest loads the SDK afresh for each test file, so each file paid ~250 ms to load those modules, and
// again when the SDK's inspector session (opened to serialize a dynamic provider) replayed every loaded script.
// Here the module is the real one, loaded on first use of its one export: the SDK imports it with __importStar,
// which hands back a module marked __esModule as it is, so nothing reads Arborist until computeCodePaths runs.

// The package's entry file, by a path the mapping (which matches the bare name only) leaves alone. Not by
// module.createRequire: inside jest that hands back jest's own require, which would map the name back to this file.
const REAL = require.resolve("@npmcli/arborist/lib/index.js");

let real;
Object.defineProperty(exports, "__esModule", { value: true });
Object.defineProperty(exports, "Arborist", {
  enumerable: true,
  get: () => (real ??= require(REAL)).Arborist,
});
