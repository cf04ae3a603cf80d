// `node --require` of this file gives a process what jest.config.js gives each test file: "@npmcli/arborist" is
// test/setup/lazy-arborist.js, the real module loaded on first use (that file says why). The harness starts its
// provider plugins with it (test/support/provider-server.ts, spawnPlugin): Pulumi's dynamic-provider loads the whole
// SDK at start, and arborist with the ~450 modules behind it was a quarter of each start's CPU time, paid once per
// engine operation (each is a new plugin process). The real CLI's plugins (test/cli) start as a user's do.
// Plain JavaScript, preloaded untransformed; Module._resolveFilename is how Node resolves every require
// (lib/internal/modules/cjs/loader.js), and the one bare name is all it changes.
const Module = require("node:module");
const path = require("node:path");

const LAZY = path.join(__dirname, "lazy-arborist.js");
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "@npmcli/arborist" ? LAZY : resolve.call(this, request, ...rest);
};
