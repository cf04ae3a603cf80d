// The zod rule for one object of a nested setting: its typed keys, `extra` for keys PostHog adds later, and every
// other key refused at check with the nearest typed key as a hint, at the key's own path
// (`questions[1].isNPSQuestion: unknown key; did you mean "isNpsQuestion"?`).
import { z } from "zod";
import { closestKey, MEANT } from "../../../provider-kit/check-failures";
import { inputNamed, inputSet } from "../../../provider-kit/program-spelling";
import { thisFace, type Face } from "../../../ownership";

/** `extra`: any JSON object, passed through unchecked (shared.ts, SettingsExtra). */
export const extraRule = z.record(z.string(), z.unknown(), {
  error: "extra must be an object of keys to send.",
});

/** The message for a key `known` does not hold. */
export function unknownKeyMessage(key: string, known: readonly string[], hatch: boolean): string {
  const best = closestKey(key, known);
  const newer = hatch ? ` A key PostHog added after this provider goes in "extra".` : "";
  return best ? `unknown key; did you mean "${best}"?` : `unknown key.${newer}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** What a union told apart by `type` is called in messages (a question, a branching), and its `type`'s enum type. */
export interface VariantNoun {
  one: string;
  many: string;
  /** The plugin schema's enum type of `type` (`SurveyQuestionType`), which Go and Java programs name. */
  typeEnum: string;
}

/** The message for a key another variant has, given the key's value and the language of the program that set it. */
export type ElsewhereMessage = (value: unknown, face: Face) => string;

/**
 * For one variant of a union told apart by `type` (a question type, a kind of branching): the message for each key
 * that only other variants have, naming them and the fix in the program's language (program-spelling.ts). The
 * plugin's schema gives such a union as one object type with every variant's keys
 * (src/plugin/json-schema-to-pulumi.ts, variantsAsOneObject), so a Go, Python, Java or YAML program can set a key
 * its `type` does not take; this is the one message for that mistake.
 */
export function keysOfOtherVariants(
  shapes: { readonly [variant: string]: z.ZodRawShape },
  variant: string,
  noun: VariantNoun,
): { [key: string]: ElsewhereMessage } {
  const owners: { [key: string]: string[] } = {};
  const own = Object.keys(shapes[variant]);
  for (const [other, shape] of Object.entries(shapes)) {
    if (other === variant) continue;
    for (const key of Object.keys(shape)) if (!own.includes(key)) (owners[key] ??= []).push(other);
  }
  return Object.fromEntries(
    Object.entries(owners).map(([key, types]): [string, ElsewhereMessage] => {
      const quoted = types.map((t) => `"${t}"`);
      const those =
        quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
      return [
        key,
        (value, face) => {
          const fix =
            types.length === 1
              ? `set ${inputSet(face, "type", { enumType: noun.typeEnum, value: types[0] })}`
              : "change its type";
          const remove = inputNamed(face, key, value);
          return `${key} is for ${those} ${noun.many}; this ${noun.one} is "${variant}". Remove ${remove}, or ${fix}.`;
        },
      ];
    }),
  );
}

/**
 * The zod error for a key that some variants need (`choices` of a choice question): missing, it says which variant
 * needs it and what it holds (a function of the program's language when it names a fix); present but of the wrong
 * type, `wrongType`.
 */
export const neededBy =
  (message: { missing: string | ((face: Face) => string); wrongType: string }) =>
  (issue: { input?: unknown }): string => {
    if (issue.input !== undefined) return message.wrongType;
    return typeof message.missing === "string" ? message.missing : message.missing(thisFace());
  };

/**
 * An object with exactly `shape`'s keys. The unknown-key check is a refinement rather than `.strict()` so that
 * each unknown key is its own issue at its own path, reported along with the other problems of the object; the
 * JSON Schema still says `additionalProperties: false`. With an `extra` key in `shape`, a key may not be both
 * declared and in `extra`. `elsewhere` holds, for a key of a sibling shape (another question type), the message
 * that says where it belongs (keysOfOtherVariants).
 */
export function settingsObject<Shape extends z.ZodRawShape>(
  shape: Shape,
  what: string,
  elsewhere: { readonly [key: string]: ElsewhereMessage } = {},
) {
  const known = Object.keys(shape);
  return z
    .looseObject(shape, { error: `${what} must be an object.` })
    .superRefine(
      (value, ctx) => {
        for (const key of Object.keys(value)) {
          if (known.includes(key)) continue;
          const message = Object.hasOwn(elsewhere, key)
            ? elsewhere[key](value[key], thisFace())
            : unknownKeyMessage(key, known, known.includes("extra"));
          // The key it most likely meant, when that one is missing: its "is required" is the same mistake, and
          // failuresFromZod folds it into this one (check-failures.ts, MEANT).
          const meant = closestKey(key, known);
          const params = meant !== undefined && value[meant] === undefined ? { [MEANT]: meant } : undefined;
          ctx.addIssue({ code: "custom", input: value[key], path: [key], message, params });
        }
        const extra = value.extra;
        if (!isObject(extra)) return;
        for (const key of Object.keys(extra)) {
          if (Object.hasOwn(value, key) && key !== "extra") {
            ctx.addIssue({
              code: "custom",
              input: extra,
              path: ["extra", key],
              message: `"${key}" is declared both directly and in extra. Keep one.`,
            });
          }
        }
      },
      // Also when a typed key failed, so every problem of the object shows at once.
      { when: (payload) => isObject(payload.value) },
    )
    .meta({ additionalProperties: false });
}
