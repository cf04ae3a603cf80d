// `node --require` of this file gives the harness's provider plugins (test/support/provider-server.ts, spawnPlugin)
// two modules of the SDK loaded on first use rather than at start, as neither is used by a plugin:
// - "@npmcli/arborist" is test/setup/lazy-arborist.js (as jest.config.js maps it for each test file; that file says
//   why): with the ~450 modules behind it, a quarter of each start's CPU time;
// - "typescript" is test/setup/lazy-typescript.js (that file says why): half of what remained.
// Pulumi's dynamic-provider loads the whole SDK at start, paid once per engine operation (each is a new plugin
// process). The real CLI's plugins (test/cli) start as a user's do.
// Plain JavaScript, preloaded untransformed; Module._resolveFilename is how Node resolves every require
// (lib/internal/modules/cjs/loader.js), and the two bare names are all it changes.
const Module = require("node:module");
const path = require("node:path");

const LAZY = {
  "@npmcli/arborist": path.join(__dirname, "lazy-arborist.js"),
  typescript: path.join(__dirname, "lazy-typescript.js"),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return Object.hasOwn(LAZY, request) ? LAZY[request] : resolve.call(this, request, ...rest);
};
