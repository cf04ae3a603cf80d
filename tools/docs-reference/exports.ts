// The public exports of an entry point (src/index.ts, src/testing/index.ts) with their doc comments, read by the
// TypeScript compiler as a program importing the package sees them.
import ts from "typescript";

export type ExportKind = "class" | "function" | "constant" | "type";

export interface PublicExport {
  name: string;
  kind: ExportKind;
  /** The doc comment's text, "" when there is none. */
  description: string;
  /** For interfaces: each member with its doc comment ("" when none). */
  members: { name: string; description: string }[];
  /** How a program calls or reads it: `name(options?: T): R` for a function, `name: T` for a constant. */
  signature?: string;
}

function kindOf(symbol: ts.Symbol): ExportKind {
  if (symbol.flags & ts.SymbolFlags.Class) return "class";
  if (symbol.flags & ts.SymbolFlags.Function) return "function";
  if (symbol.flags & ts.SymbolFlags.Variable) return "constant";
  return "type";
}

const docOf = (symbol: ts.Symbol, checker: ts.TypeChecker): string =>
  ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();

const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

function signatureOf(
  name: string,
  kind: ExportKind,
  symbol: ts.Symbol,
  checker: ts.TypeChecker,
): string | undefined {
  const declaration = symbol.valueDeclaration;
  if (!declaration || (kind !== "function" && kind !== "constant")) return undefined;
  const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
  if (kind === "constant") return `${name}: ${checker.typeToString(type, undefined, FORMAT)}`;
  return type
    .getCallSignatures()
    .map((sig) => `${name}${checker.signatureToString(sig, undefined, FORMAT)}`)
    .join("\n");
}

export interface EntryPoint {
  /** What a program imports, e.g. `pulumi-posthog/testing`. */
  name: string;
  /** The source file the compiler reads. */
  source: string;
  /** The names the module really exports at runtime. */
  runtimeNames: ReadonlySet<string>;
}

/**
 * The exports of each entry point, by its name, sorted by name. A constant re-exported with `export type` is a
 * type to a program (`typeof X`), not a value (it is not among `runtimeNames`), so it is listed as a type.
 */
export function publicExports(entries: readonly EntryPoint[]): Map<string, PublicExport[]> {
  const program = ts.createProgram(
    entries.map((e) => e.source),
    {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  const result = new Map<string, PublicExport[]>();
  for (const entry of entries) {
    const file = program.getSourceFile(entry.source);
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`${entry.source}: not a module the compiler can read`);
    const runtime = entry.runtimeNames;
    const exports = checker.getExportsOfModule(module).map((exported): PublicExport => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const kind = kindOf(symbol);
      const members =
        symbol.flags & ts.SymbolFlags.Interface && symbol.members
          ? [...symbol.members.values()].map((member) => ({
              name: member.name,
              description: docOf(member, checker),
            }))
          : [];
      const shown = kind !== "type" && !runtime.has(exported.name) ? "type" : kind;
      const signature = signatureOf(exported.name, shown, symbol, checker);
      return {
        name: exported.name,
        kind: shown,
        description: docOf(symbol, checker),
        members,
        ...(signature ? { signature } : {}),
      };
    });
    result.set(
      entry.name,
      exports.sort((a, b) => a.name.localeCompare(b.name)),
    );
  }
  return result;
}
