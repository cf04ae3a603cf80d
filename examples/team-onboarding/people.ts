// Reads people.yaml: a flat YAML list of maps with scalar values, e.g.
//   - name: Ada Lovelace
//     email: ada@example.com
//     level: admin
// That is all the format this example needs, so it is parsed here instead of adding a YAML dependency.
// Anything else (nesting, multi-line values, anchors) is rejected with the line number.

export type Level = "member" | "admin" | "owner";

export interface Person {
  name: string;
  email: string;
  level?: Level;
}

const LEVELS: readonly string[] = ["member", "admin", "owner"];

function scalar(raw: string): string {
  const value = raw.trim();
  const quoted = /^"(.*)"$/.exec(value) ?? /^'(.*)'$/.exec(value);
  return quoted ? quoted[1] : value.replace(/\s+#.*$/, "");
}

/** Parses the list; throws `<file>:<line>: <problem>` for anything it does not understand. */
export function parsePeople(text: string, file = "people.yaml"): Person[] {
  const entries: Record<string, string>[] = [];
  const fail = (line: number, problem: string): never => {
    throw new Error(`${file}:${line}: ${problem}`);
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "" || raw.trim().startsWith("#")) return;
    const item = /^-\s+(.*)$/.exec(raw);
    const field = item ? item[1] : /^\s{2}(\S.*)$/.exec(raw)?.[1];
    if (field === undefined) return fail(line, 'expected "- key: value" or an indented "key: value"');
    if (item) entries.push({});
    const current = entries[entries.length - 1];
    if (!current) return fail(line, 'the list must start with "- "');
    const pair = /^([A-Za-z_]+):\s*(.*)$/.exec(field);
    if (!pair || pair[2].trim() === "")
      return fail(line, 'expected "key: value" with a value on the same line');
    if (pair[1] in current) return fail(line, `"${pair[1]}" is given twice for this person`);
    current[pair[1]] = scalar(pair[2]);
  });
  return entries.map((entry, i) => toPerson(entry, `${file}: person ${i + 1}`));
}

function toPerson(entry: Record<string, string>, where: string): Person {
  const { name, email, level, ...rest } = entry;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new Error(`${where}: unknown key(s) ${unknown.join(", ")} (use name, email, level)`);
  if (!name) throw new Error(`${where}: name is missing`);
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new Error(`${where}: "${email ?? ""}" is not an email address`);
  if (level !== undefined && !LEVELS.includes(level))
    throw new Error(`${where}: level must be member, admin or owner`);
  return { name, email, ...(level ? { level: level as Level } : {}) };
}
