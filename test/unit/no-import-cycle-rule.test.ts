// The local lint rule tools/eslint/no-import-cycle.mjs, run by ESLint itself on fixture files: it must report a
// cycle made only of `import type`, one through `export * from` and `typeof import("…")`, and nothing for imports
// that go one way. import-x/no-cycle misses the first: type-only imports are why the rule exists.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "../support/self-link";

const FILES: Record<string, string> = {
  // a <-> b by types alone
  "a.ts": 'import type { B } from "./b";\nexport interface A {\n  b?: B;\n}\n',
  "b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
  // c -> a, and nothing comes back to c
  "c.ts": 'import type { A } from "./a";\nexport const none: A | undefined = undefined;\n',
  // d <-> e through a type query and a re-export
  "d.ts": 'export type E = typeof import("./e");\nexport const d = 1;\n',
  "e.ts": 'export * from "./d";\n',
};

let found: { file: string; line: number; message: string }[];
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "no-import-cycle-"));
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), text);
  const url = (file: string) => pathToFileURL(file).href;
  fs.writeFileSync(
    path.join(dir, "eslint.config.mjs"),
    [
      `import tseslint from ${JSON.stringify(url(require.resolve("typescript-eslint", { paths: [REPO_ROOT] })))};`,
      `import rule from ${JSON.stringify(url(path.join(REPO_ROOT, "tools/eslint/no-import-cycle.mjs")))};`,
      "export default [",
      "  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser },",
      "    plugins: { local: { rules: { 'no-import-cycle': rule } } }, rules: { 'local/no-import-cycle': 'error' } },",
      "];",
    ].join("\n"),
  );
  const eslint = path.join(REPO_ROOT, "node_modules/eslint/bin/eslint.js");
  const run = spawnSync(process.execPath, [eslint, "--format", "json", "."], { cwd: dir, encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  const report = JSON.parse(run.stdout) as {
    filePath: string;
    messages: { ruleId: string | null; line: number; message: string }[];
  }[];
  found = report.flatMap((r) =>
    r.messages.map((m) => ({
      file: path.basename(r.filePath),
      line: m.line,
      message: `${m.ruleId}: ${m.message}`,
    })),
  );
});

/** The report ESLint gives each file of a two-file cycle: one error on line 1, naming the way back. */
const cycleOf = (x: string, y: string) =>
  [
    [x, y],
    [y, x],
  ].map(([from, to]) => ({
    file: from,
    line: 1,
    message: `local/no-import-cycle: Import cycle (type-only imports count): ${from} -> ${to} -> ${from}`,
  }));

test("a cycle of type-only imports is reported on both files, with the way back", () => {
  expect(found.filter((f) => f.file === "a.ts" || f.file === "b.ts")).toEqual(cycleOf("a.ts", "b.ts"));
});

test("a cycle through typeof import and export * is reported", () => {
  expect(found.filter((f) => f.file === "d.ts" || f.file === "e.ts")).toEqual(cycleOf("d.ts", "e.ts"));
});

test("an import that goes one way is not reported", () => {
  expect(found.filter((f) => f.file === "c.ts")).toEqual([]);
});
