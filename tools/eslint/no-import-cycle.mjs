// A lint rule: no import cycle among a package's own files, counting every import TypeScript sees: values,
// `import type`, `export … from` and `typeof import("…")`. import-x/no-cycle skips type-only imports outright
// (it has no option to count them), yet a cycle of types is still two files that change together and a layer
// that knows what sits above it. Only relative specifiers are followed: packages are separate, and the emulator
// imports nothing from the provider (a restricted-imports rule holds that).
//
// The import graph is read with TypeScript's own pre-processor (`ts.preProcessFile`, the scan tsc uses to find a
// file's dependencies) and split into strongly connected components (Tarjan); an import is reported when it
// stays inside its file's component, with one way back as the message. Results are kept per file for one lint
// run, keyed by the file's modification time.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const EXTENSIONS = [".ts", ".tsx", ".d.ts", "/index.ts"];

/** file -> { mtime, targets: Map<specifier, resolved file> } */
const importCache = new Map();
/** file -> its component, for the files whose component one lint run has already found. */
const componentMemo = new Map();

function resolve(fromFile, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stripped = base.replace(/\.js$/, "");
  for (const candidate of [base, ...EXTENSIONS.map((ext) => stripped + ext)]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
      return candidate;
  }
  return undefined;
}

/** The files `file` imports (relative specifiers only), by specifier. */
function importsOf(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return new Map();
  }
  const cached = importCache.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, false);
  const targets = new Map();
  for (const { fileName } of info.importedFiles) {
    const target = resolve(file, fileName);
    if (target) targets.set(fileName, target);
  }
  importCache.set(file, { mtime, targets });
  return targets;
}

/** Tarjan's components of the graph reachable from `start`: file -> component id (a Set shared by its files). */
function components(start) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const componentOf = new Map();
  let counter = 0;
  // Iterative, so a deep import chain cannot overflow the stack.
  const visit = (root) => {
    const work = [{ node: root, edges: null }];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.edges === null) {
        index.set(frame.node, counter);
        low.set(frame.node, counter);
        counter++;
        stack.push(frame.node);
        onStack.add(frame.node);
        frame.edges = [...new Set(importsOf(frame.node).values())][Symbol.iterator]();
      }
      const next = frame.edges.next();
      if (!next.done) {
        const to = next.value;
        if (!index.has(to)) work.push({ node: to, edges: null });
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.add(member);
          componentOf.set(member, component);
        } while (member !== frame.node);
      }
    }
  };
  visit(start);
  return componentOf;
}

/** A shortest import path from `from` back to `to` inside `component`, as paths relative to `root`. */
function wayBack(from, to, component, root) {
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const next of new Set(importsOf(file).values())) {
      if (component.has(next) && !previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  const chain = [];
  for (let at = to; at !== undefined; at = previous.get(at)) chain.unshift(path.relative(root, at));
  return chain.join(" -> ");
}

export default {
  meta: {
    type: "problem",
    docs: { description: "No import cycle among a package's files, type-only imports included." },
    schema: [],
    messages: { cycle: "Import cycle (type-only imports count): {{chain}}" },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!/\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const source = node.source ?? node.argument?.literal ?? node.argument;
      const specifier = source && typeof source.value === "string" ? source.value : undefined;
      const target = specifier === undefined ? undefined : resolve(file, specifier);
      if (!target || target === file) return;
      if (!componentMemo.has(file)) for (const [f, c] of components(file)) componentMemo.set(f, c);
      const component = componentMemo.get(file);
      if (!component || !component.has(target)) return;
      const chain = `${path.relative(context.cwd, file)} -> ${wayBack(target, file, component, context.cwd)}`;
      context.report({ node, messageId: "cycle", data: { chain } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: (node) => node.source && check(node),
      ExportAllDeclaration: check,
      TSImportType: check,
    };
  },
};
