// Reads the doc comments of the public types with the TypeScript compiler API and writes them into
// src/resources/catalogue-docs.ts, which the catalogue (src/resources/catalogue.ts) reads at runtime without
// loading a compiler. The doc comments stay the one written source of every description; the generated file
// is a committed copy that test/unit/catalogue.test.ts regenerates and compares (UPDATE_CATALOGUE=1 rewrites it).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { spawnSync } from "node:child_process";
import { REPO_ROOT } from "./self-link";

/** The files whose exported interfaces, classes, functions and settings rows carry the public descriptions. */
export const DOC_FILES = [
  "src/config.ts",
  "src/provider-kit/user-summary.ts",
  "src/resources/survey/types.ts",
  "src/resources/survey/survey.ts",
  "src/resources/survey/functions.ts",
  "src/resources/survey/responses-count.ts",
  "src/resources/survey/settings/appearance.ts",
  "src/resources/survey/settings/conditions.ts",
  "src/resources/survey/settings/questions.ts",
  "src/resources/survey/settings/shared.ts",
  "src/resources/invite/types.ts",
  "src/resources/invite/invite.ts",
  "src/resources/invite/invite-batch.ts",
  "src/resources/invite/functions.ts",
  "src/resources/invite/members-function.ts",
  "src/resources/feature-flag/functions.ts",
] as const;

export const GENERATED_DOCS = "src/resources/catalogue-docs.ts";

export interface SymbolDocs {
  doc?: string;
  members: { [name: string]: string };
  inherits?: string[];
}

/** A doc comment's text on one line (tags such as @example are left out). */
function docOf(node: ts.Node): string | undefined {
  const texts = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
    .filter((text) => text.trim() !== "");
  // The comment nearest the declaration is the one that describes it.
  const text = texts.at(-1);
  return text === undefined ? undefined : text.replace(/\s*\n\s*/g, " ").trim();
}

function memberName(name: ts.PropertyName | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

function membersOf(members: readonly (ts.TypeElement | ts.ClassElement | ts.ObjectLiteralElement)[]) {
  const out: { [name: string]: string } = {};
  for (const member of members) {
    const name = memberName(member.name);
    const doc = docOf(member);
    if (name !== undefined && doc !== undefined) out[name] = doc;
  }
  return out;
}

/** The object type literal with named keys a member's type holds, alone or beside null (`{...} | null`). */
function inlineObject(member: ts.TypeElement): ts.TypeLiteralNode | undefined {
  if (!ts.isPropertySignature(member) || member.type === undefined) return undefined;
  const types: readonly ts.TypeNode[] = ts.isUnionTypeNode(member.type) ? member.type.types : [member.type];
  // A map (`{ [language: string]: T }`) has no keys of its own to describe.
  const literals = types.filter(
    (type): type is ts.TypeLiteralNode =>
      ts.isTypeLiteralNode(type) && type.members.some(ts.isPropertySignature),
  );
  return literals.length === 1 ? literals[0] : undefined;
}

/**
 * The symbols an object type contributes beyond itself: each member typed by an inline object literal, as
 * `Owner.member` (e.g. `SurveyConditions.events`), so a nested setting's rule can name where its keys are described.
 */
function inlineSymbols(owner: string, members: readonly ts.TypeElement[]): [string, SymbolDocs][] {
  return members.flatMap((member): [string, SymbolDocs][] => {
    const name = memberName(member.name);
    const literal = inlineObject(member);
    if (name === undefined || literal === undefined) return [];
    const nested = `${owner}.${name}`;
    return [[nested, { members: membersOf(literal.members) }], ...inlineSymbols(nested, literal.members)];
  });
}

/** The string literal a variant's discriminant member (`type: "end"`) is fixed to, if it has one. */
function discriminant(variant: ts.TypeLiteralNode): string | undefined {
  for (const member of variant.members) {
    if (!ts.isPropertySignature(member) || member.type === undefined) continue;
    if (ts.isLiteralTypeNode(member.type) && ts.isStringLiteral(member.type.literal)) {
      return member.type.literal.text;
    }
  }
  return undefined;
}

/** The interfaces an interface extends, by name. */
function parentsOf(declaration: ts.InterfaceDeclaration): string[] {
  return (declaration.heritageClauses ?? []).flatMap((clause) =>
    clause.types.flatMap((heritage) =>
      ts.isIdentifier(heritage.expression) ? [heritage.expression.text] : [],
    ),
  );
}

function symbolsOf(file: string): [string, SymbolDocs][] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(path.join(REPO_ROOT, file), "utf8"),
    ts.ScriptTarget.ES2022,
    true,
  );
  const found: [string, SymbolDocs][] = [];
  const add = (name: string, node: ts.Node, members: SymbolDocs["members"], inherits: string[] = []) => {
    const doc = docOf(node);
    // Merged declarations (`interface Survey` beside `class Survey`) add nothing of their own to describe.
    if (doc !== undefined || Object.keys(members).length > 0)
      found.push([name, { doc, members, ...(inherits.length > 0 ? { inherits } : {}) }]);
  };
  const addObject = (
    name: string,
    node: ts.Node,
    members: readonly ts.TypeElement[],
    inherits: string[] = [],
  ) => {
    add(name, node, membersOf(members), inherits);
    found.push(...inlineSymbols(name, members));
  };
  // A public interface may extend a local one (QuestionCommon): the local one's members are public through it.
  const interfaces = source.statements.filter(ts.isInterfaceDeclaration);
  const inherited = new Set(interfaces.flatMap(parentsOf));
  const isExported = (statement: ts.Statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const local of interfaces.filter((i) => !isExported(i) && inherited.has(i.name.text)))
    addObject(local.name.text, local, local.members, parentsOf(local));
  for (const statement of source.statements) {
    // Only what a file exports is public; a local helper's comment describes code, not an API.
    if (!isExported(statement)) continue;
    if (ts.isInterfaceDeclaration(statement))
      addObject(statement.name.text, statement, statement.members, parentsOf(statement));
    else if (ts.isClassDeclaration(statement) && statement.name)
      add(statement.name.text, statement, membersOf(statement.members));
    else if (ts.isFunctionDeclaration(statement) && statement.name) add(statement.name.text, statement, {});
    else if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type))
      addObject(statement.name.text, statement, statement.type.members);
    else if (ts.isTypeAliasDeclaration(statement) && ts.isUnionTypeNode(statement.type)) {
      // A union of object literals told apart by a string member (QuestionBranching): each variant is
      // `Alias.<value>`, since the same key (`type`) means something else in each.
      add(statement.name.text, statement, {});
      for (const variant of statement.type.types.filter(ts.isTypeLiteralNode)) {
        const value = discriminant(variant);
        if (value !== undefined) addObject(`${statement.name.text}.${value}`, variant, variant.members);
      }
    } else if (ts.isVariableStatement(statement)) {
      // A settings table: `export const SETTINGS = rows({ host: {...}, ... })`, each row's doc comment.
      for (const declaration of statement.declarationList.declarations) {
        let init = declaration.initializer;
        if (init && ts.isCallExpression(init)) init = init.arguments[0];
        if (ts.isIdentifier(declaration.name) && init && ts.isObjectLiteralExpression(init)) {
          add(declaration.name.text, statement, membersOf(init.properties));
        }
      }
    }
  }
  return found;
}

/** Every documented symbol of DOC_FILES, by name (names are unique across the files). */
export function extractDocs(): { [symbol: string]: SymbolDocs } {
  const docs: { [symbol: string]: SymbolDocs } = {};
  for (const file of DOC_FILES) {
    for (const [name, symbol] of symbolsOf(file)) {
      if (docs[name]) throw new Error(`${name} is declared in two of the documented files (${file}).`);
      docs[name] = symbol;
    }
  }
  return Object.fromEntries(Object.entries(docs).sort(([a], [b]) => a.localeCompare(b)));
}

/** The text of src/resources/catalogue-docs.ts for the current doc comments, formatted as prettier would. */
export function generatedDocsModule(): string {
  const text =
    "// Generated from the doc comments of the public types by test/support/doc-comments.ts; do not edit.\n" +
    "// Change the doc comment, then run `UPDATE_CATALOGUE=1 npx jest test/unit/catalogue.test.ts`.\n" +
    'import type { SymbolDocs } from "./symbol-docs";\n\n' +
    `export const DOCS: { [symbol: string]: SymbolDocs } = ${JSON.stringify(extractDocs())};\n`;
  // Prettier 3 loads its parsers with a dynamic import(), which jest does not allow in-process: a child runs it.
  const prettier = path.join(REPO_ROOT, "node_modules/prettier/bin/prettier.cjs");
  const result = spawnSync(process.execPath, [prettier, "--stdin-filepath", GENERATED_DOCS], {
    cwd: REPO_ROOT,
    input: text,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`prettier failed: ${result.stderr}`);
  return result.stdout;
}
