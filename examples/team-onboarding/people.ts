// Reads people.yaml with the `yaml` package, then checks each entry, e.g.
//   - name: Ada Lovelace
//     email: ada@example.com
//     level: admin
// A YAML mistake is reported with its line and column; a wrong entry with the line it starts on.
import { isNode, isSeq, LineCounter, parseDocument } from "yaml";

export type Level = "member" | "admin" | "owner";

export interface Person {
  name: string;
  email: string;
  level?: Level;
}

const LEVELS: readonly string[] = ["member", "admin", "owner"];

/** Parses the list; throws `<file>:<line>: <problem>` for anything that is not a list of people. */
export function parsePeople(text: string, file = "people.yaml"): Person[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const [error] = doc.errors;
  if (error) {
    // The yaml package's message ends with the offending line and a caret; the first line says it all.
    const line = error.linePos?.[0].line;
    throw new Error(`${file}:${line ?? "?"}: ${error.message.split("\n")[0]}`);
  }
  if (doc.contents === null) return [];
  if (!isSeq(doc.contents)) {
    const line = doc.contents.range ? lineCounter.linePos(doc.contents.range[0]).line : 1;
    throw new Error(`${file}:${line}: expected a list of people, each starting with "- name: ..."`);
  }
  const entries = doc.toJS() as unknown[];
  return doc.contents.items.map((item, i) => {
    const line = isNode(item) && item.range ? lineCounter.linePos(item.range[0]).line : "?";
    return toPerson(entries[i], `${file}:${line}: person ${i + 1}`);
  });
}

function toPerson(entry: unknown, where: string): Person {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    throw new Error(`${where}: expected "name:", "email:" and optionally "level:" under the "- "`);
  }
  const { name, email, level, ...rest } = entry as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new Error(`${where}: unknown key(s) ${unknown.join(", ")} (use name, email, level)`);
  if (name === undefined || name === null || name === "") throw new Error(`${where}: name is missing`);
  if (typeof name !== "string") throw new Error(`${where}: name must be text, got ${JSON.stringify(name)}`);
  if (typeof email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new Error(`${where}: "${String(email ?? "")}" is not an email address`);
  }
  if (level !== undefined && (typeof level !== "string" || !LEVELS.includes(level))) {
    throw new Error(`${where}: level must be member, admin or owner`);
  }
  return { name, email, ...(level ? { level: level as Level } : {}) };
}
