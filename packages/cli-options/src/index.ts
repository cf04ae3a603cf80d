// The option-table convention of the pulumi-posthog and posthog-emulator command lines, as a package both depend
// on (the emulator imports nothing from the provider, so the helper cannot live in either).
// One option table per command: node:util's parseArgs reads the arguments from it, and the help text lists
// every option from it, with its default, so the two cannot drift apart. parseArgs runs non-strict with tokens
// so that each mistake gets a message of our own that names the option and points at --help; its strict
// errors suggest `-- "--bogus"`, which is not the fix for a mistyped flag.
import { parseArgs } from "node:util";

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** The value's placeholder in the help, e.g. `N` or `FILE` (string options). */
  placeholder?: string;
  description: string;
  /** What applies when the option is not given, in words; absent for an action such as --help. */
  default?: string;
}

export type OptionTable = Record<string, OptionSpec>;

type Values<T extends OptionTable> = {
  [K in keyof T]?: T[K]["type"] extends "string" ? string : boolean;
};

/** A mistake in the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

/** The options of `table` found in `argv`; throws UsageError naming the first wrong argument. */
export function readOptions<T extends OptionTable>(argv: string[], table: T): Values<T> {
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [name, spec] of Object.entries(table)) {
    options[name] = spec.short ? { type: spec.type, short: spec.short } : { type: spec.type };
  }
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean> = {};
  for (const token of tokens) {
    if (token.kind === "positional") throw new UsageError(`unexpected argument "${token.value}"`);
    if (token.kind === "option-terminator") continue;
    const spec = Object.hasOwn(table, token.name) ? table[token.name] : undefined;
    if (spec === undefined) throw new UsageError(`unknown option ${token.rawName}`);
    if (spec.type === "boolean") {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
      values[token.name] = true;
      continue;
    }
    // `--out --no-invites` would otherwise write to a file named "--no-invites".
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith("--"))) {
      throw new UsageError(
        `${token.rawName} needs a value (${token.rawName} ${spec.placeholder ?? "VALUE"})`,
      );
    }
    values[token.name] = token.value;
  }
  return values as Values<T>;
}

/** The `options:` block of a help text: each option with what it does and, below, its default. */
export function describeOptions(table: OptionTable): string {
  const rows = Object.entries(table).map(([name, spec]) => ({
    flag: `${spec.short ? `-${spec.short}, ` : "    "}--${name}${spec.placeholder ? ` ${spec.placeholder}` : ""}`,
    spec,
  }));
  const width = Math.max(...rows.map((r) => r.flag.length)) + 2;
  return rows
    .map(({ flag, spec }) => {
      const line = `  ${flag.padEnd(width)}${spec.description}`;
      return spec.default === undefined ? line : `${line}\n  ${" ".repeat(width)}default: ${spec.default}`;
    })
    .join("\n");
}
