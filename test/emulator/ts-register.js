// Lets `node -r` run the emulator CLI straight from its TypeScript source (transpile only, no type check),
// so the persistence test exercises the real bin without a prior build of it (the sanitiser it imports is loaded
// from its package's dist, which `npm ci` builds).
const fs = require("node:fs");
const ts = require("typescript");

require.extensions[".ts"] = (module, filename) => {
  const source = fs.readFileSync(filename, "utf8");
  const out = ts.transpileModule(source, {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  });
  module._compile(out.outputText, filename);
};
