// How a program in each language writes one input, so a message that names a fix names it in the words the user
// wrote (issue 56): `.type(SurveyQuestionType.Rating)` in Java, `type="rating"` in Python, a YAML key in YAML. The
// names are Pulumi's code generators': Python's keyword arguments in snake_case (pulumi/pulumi
// pkg/codegen/python, PyName), Go's and .NET's fields in PascalCase with Go's enum constants `<Type><Value>`
// (pkg/codegen/go, gen_enums), and Java's builder methods named as the property, with enum constants the value
// capitalised (pulumi/pulumi-java pkg/codegen/java/names, MakeSafeEnumName). TypeScript, YAML and an unknown
// language are shown the input's own name and JSON value, the wording every message had before.
import type { Face } from "./program-runtime";

/** `targetEmail` -> `target_email` (Python). */
export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** `targetEmail` -> `TargetEmail` (Go); `external_survey` -> `ExternalSurvey`. */
export const pascalCase = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");

/** The enum constant pulumi-java names for an enum value (names.MakeSafeEnumName; our values need no prefix). */
export function javaEnumConstant(value: string): string {
  const valid = value.replace(/[^A-Za-z0-9_$]/g, "_").replace(/_+/g, "_");
  // strings.Title: each letter that follows a separator (here `$`, the one left) or starts the text, in upper case.
  const titled = valid.replace(/(^|\$)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
  if (!/^[A-Za-z]/.test(titled))
    throw new Error(`no Java rendering for the enum value ${JSON.stringify(value)}`);
  return titled;
}

/** The Go SDK's package name, which a Go program's enum constants are qualified with. */
const GO_PACKAGE = "posthogiac";

/** A value a fix sets: JSON text, or a value of the schema enum type `enumType` (`SurveyQuestionType`). */
export type SpelledValue = string | number | boolean | { enumType: string; value: string };

const isEnum = (v: SpelledValue): v is { enumType: string; value: string } => typeof v === "object";

/** The value as a Python literal (`True`, `"rating"`, `10`). */
function pythonValue(v: SpelledValue): string {
  if (isEnum(v)) return JSON.stringify(v.value);
  if (typeof v === "boolean") return v ? "True" : "False";
  return JSON.stringify(v);
}

/** The value as a Go input; undefined for a number, whose wrapper (Int or Float64) the input's type decides. */
function goValue(v: SpelledValue): string | undefined {
  if (isEnum(v)) return `${GO_PACKAGE}.${v.enumType}${pascalCase(v.value)}`;
  if (typeof v === "boolean") return `pulumi.Bool(${v})`;
  if (typeof v === "string") return `pulumi.String(${JSON.stringify(v)})`;
  return undefined;
}

/** The value as a Java literal or enum constant. */
function javaValue(v: SpelledValue): string {
  return isEnum(v) ? `${v.enumType}.${javaEnumConstant(v.value)}` : JSON.stringify(v);
}

/** `name` set to `value`, as a program on `face` writes it: `.scale(10)`, `scale=10`, `scale: 10`. */
export function inputSet(face: Face, name: string, value: SpelledValue): string {
  switch (face) {
    case "python":
      return `${snakeCase(name)}=${pythonValue(value)}`;
    case "go": {
      const v = goValue(value);
      return v === undefined ? pascalCase(name) : `${pascalCase(name)}: ${v}`;
    }
    case "dotnet":
      return `${pascalCase(name)} = ${isEnum(value) ? JSON.stringify(value.value) : JSON.stringify(value)}`;
    case "java":
      return `.${name}(${javaValue(value)})`;
    default:
      // TypeScript, JavaScript and YAML write it so; an unknown language is shown the input's own name.
      return `${name}: ${JSON.stringify(isEnum(value) ? value.value : value)}`;
  }
}

/**
 * The input `name` as a program on `face` names it, for a fix that removes it: Java's builder call (with the value
 * the program set when it is a plain one, `.scale(10)`), the other languages' property name.
 */
export function inputNamed(face: Face, name: string, value?: unknown): string {
  switch (face) {
    case "python":
      return snakeCase(name);
    case "go":
    case "dotnet":
      return pascalCase(name);
    case "java": {
      const plain = ["number", "boolean", "string"].includes(typeof value);
      return `.${name}(${plain ? JSON.stringify(value) : "…"})`;
    }
    default:
      return name;
  }
}
