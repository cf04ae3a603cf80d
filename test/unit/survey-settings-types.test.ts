// The public types refuse the typos of issue 21 at compile time, and every property of the nested settings
// carries a doc comment (the reference docs render them).
import * as path from "node:path";
import * as fs from "node:fs";
import ts from "typescript";

const root = path.resolve(__dirname, "../..");
const fixture = path.join(__dirname, "fixtures/settings-typos.ts");

function compilerOptions(): ts.CompilerOptions {
  const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options;
}

/** Type-checks the fixture, optionally with its @ts-expect-error lines removed; the diagnostics in the fixture. */
function diagnostics(withoutExpectations: boolean): { line: number; message: string }[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    if (withoutExpectations && path.resolve(fileName) === fixture) {
      const text = fs
        .readFileSync(fixture, "utf8")
        .split("\n")
        .map((line) => (line.includes("@ts-expect-error") ? "" : line))
        .join("\n");
      return ts.createSourceFile(fileName, text, languageVersion);
    }
    return read(fileName, languageVersion, ...rest);
  };
  const program = ts.createProgram([fixture], options, host);
  // Only the fixture's own diagnostics: checking it alone resolves what it uses from src, without type-checking
  // every other file of the program (which the build does).
  const source = program.getSourceFile(fixture)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
    .filter((d) => d.file && path.resolve(d.file.fileName) === fixture)
    .map((d) => ({
      line: d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    }));
}

test("each typo of issue 21 fails to compile, and the valid settings compile", () => {
  // An unused @ts-expect-error (a typo that compiles) is an error of its own, so none means every typo failed.
  expect(diagnostics(false)).toEqual([]);
});

test("each typo fails for its own key, not for something else on the line", () => {
  const found = diagnostics(true);
  const lines = fs.readFileSync(fixture, "utf8").split("\n");
  const messageOn = (needle: string) => {
    const line = lines.findIndex((l) => l.includes(needle) && !l.includes("@ts-expect-error")) + 1;
    return found
      .filter((d) => d.line === line)
      .map((d) => d.message)
      .join("\n");
  };
  expect(found).toHaveLength(5);
  expect(messageOn("surveyPopupDelay: 5")).toContain(
    "'surveyPopupDelay' does not exist in type 'SurveyAppearance",
  );
  expect(messageOn('backgroundColour: "#fff"')).toContain(
    "'backgroundColour' does not exist in type 'SurveyAppearance",
  );
  expect(messageOn("isNPSQuestion: true")).toContain(
    "'isNPSQuestion' does not exist in type 'RatingQuestion",
  );
  expect(messageOn("seenSurveyWaitPeriodInDay: 7")).toContain(
    "'seenSurveyWaitPeriodInDay' does not exist in type 'SurveyConditions",
  );
  // The union's order is the checker's type-creation order, which depends on what it checked first.
  const scale = /Type '6' is not assignable to type '([^']+)'/.exec(messageOn("scale: 6"));
  expect(scale?.[1].split(" | ").sort()).toEqual(["10", "2", "3", "5", "7", "undefined"]);
});

test("every property of the nested settings types has a doc comment", () => {
  const dir = path.join(root, "src/resources/survey/settings");
  const files = ["appearance.ts", "conditions.ts", "questions.ts"];
  const missing: string[] = [];
  let properties = 0;
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(dir, file), "utf8"),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertySignature(node) ||
        (ts.isIndexSignatureDeclaration(node) && ts.isInterfaceDeclaration(node.parent))
      ) {
        properties++;
        if (ts.getJSDocCommentsAndTags(node).length === 0) {
          missing.push(
            `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().split("\n")[0]}`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  expect(missing).toEqual([]);
  expect(properties).toBeGreaterThan(90);
});
