// The public declarations (dist/index.d.ts and every .d.ts it reaches) import only @pulumi/pulumi and the
// package's own plain types: a user's `tsc` then never type-checks zod's or axios's declarations, which fail
// under older templates (no esModuleInterop) and TypeScript 5.0-5.3.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { REPO_ROOT } from "../support/self-link";
import { catalogue } from "../../src/resources/catalogue";

/** Module specifiers a declaration file refers to: imports, re-exports and `import("…")` types. */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  const inline = [...text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
  return [...imported, ...inline];
}

function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  return fs.existsSync(`${base}.d.ts`) ? `${base}.d.ts` : path.join(base, "index.d.ts");
}

/** Every declaration file reachable from `entry`, and the packages each one imports. */
function declarationGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const packages: string[] = [];
    for (const specifier of specifiers(file)) {
      if (specifier.startsWith(".")) pending.push(resolveLocal(file, specifier));
      else packages.push(specifier);
    }
    graph.set(file, packages);
  }
  return graph;
}

test("dist/index.d.ts and every declaration it reaches import nothing but @pulumi/pulumi", () => {
  const graph = declarationGraph(path.join(REPO_ROOT, "dist/index.d.ts"));
  const relative = (file: string) =>
    path.relative(path.join(REPO_ROOT, "dist"), file).split(path.sep).join("/");
  // The walk reached the resources and the data functions...
  expect([...graph.keys()].map(relative)).toEqual(
    expect.arrayContaining(["index.d.ts", "resources/survey/survey.d.ts", "resources/survey/functions.d.ts"]),
  );
  for (const file of graph.keys()) expect(fs.existsSync(file)).toBe(true);
  // ...and no file in it imports zod, axios or anything else from outside.
  const outside = [...graph].flatMap(([file, packages]) =>
    packages.filter((p) => p !== "@pulumi/pulumi").map((p) => `${relative(file)} -> ${p}`),
  );
  expect(outside).toEqual([]);
});

test("the testing entry point's declarations import nothing from outside either", () => {
  const graph = declarationGraph(path.join(REPO_ROOT, "dist/testing/index.d.ts"));
  expect([...graph.values()].flat().filter((p) => p !== "@pulumi/pulumi")).toEqual([]);
});

test("the published declarations keep each survey field's doc comment on SurveyArgs and the Survey outputs", () => {
  const program = ts.createProgram([path.join(REPO_ROOT, "dist/index.d.ts")], { noEmit: true });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(path.join(REPO_ROOT, "dist/index.d.ts"));
  if (!index) throw new Error("dist/index.d.ts is not built");
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(index)!);
  const typeOf = (name: string) => {
    const symbol = exports.find((s) => s.name === name)!;
    const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return checker.getDeclaredTypeOfSymbol(resolved);
  };
  const docs = (type: ts.Type) =>
    Object.fromEntries(
      checker
        .getPropertiesOfType(type)
        .map((p) => [p.name, ts.displayPartsToString(p.getDocumentationComment(checker))]),
    );
  const survey = catalogue().resources.find((r) => r.name === "Survey")!;
  const args = docs(typeOf("SurveyArgs"));
  const outputs = docs(typeOf("Survey"));
  for (const property of survey.properties) {
    if (property.input)
      expect([property.name, args[property.name]]).toEqual([property.name, property.description]);
    if (property.output && property.name !== "declared") {
      expect([property.name, outputs[property.name]]).toEqual([property.name, property.description]);
    }
  }
});
