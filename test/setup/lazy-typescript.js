// test/setup/lazy-sdk-preload.js resolves "typescript" to this file in the harness's provider plugins.
//
// Why: @pulumi/pulumi's runtime/closure/parseFunction.js requires its typescript-shim (the `typescript` package) at
// load time, and the dynamic-provider loads the whole runtime at start; only serializing a function (which a plugin
// never does) calls into it. Compiling and running TypeScript's 9 MB compiler was about half of each plugin start's
// CPU time (~0.6 → ~0.3 s), paid once per engine operation. Here the module is the real one, loaded on the first
// read of any of its members: every use in the SDK is inside a function (`ts.createSourceFile`, `ts.SyntaxKind`).

// The package's entry file, by a path the preload's mapping (which matches the bare name only) leaves alone.
const REAL = require.resolve("typescript/lib/typescript.js");

let real;
const load = () => (real ??= require(REAL));

module.exports = new Proxy(
  {},
  {
    get: (_, key) => load()[key],
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    // Reported configurable: the Proxy's own target ({}) holds none of them (the Proxy invariants).
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(load(), key);
      return d && { ...d, configurable: true };
    },
  },
);
