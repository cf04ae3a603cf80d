// What a create refused on an object it cannot prove its own tells the user to do, in the order that touches least:
// an alias when the resource was renamed (the engine then moves the old resource's state to the new name: no
// request at all), then `adopt`, then `pulumi import` on the plugin face (a dynamic resource cannot be imported:
// provider-kit/adoption.ts). Adoption and import are claims (interrupted.ts): a resource of the stack that held the
// object and leaves the program is dropped from the stack without deleting it.
import { identityFromUrn } from "./identity";
import { programRuntime, type ProgramRuntime } from "./program-runtime";
import { providerSettingsOnly } from "./settings-source";

const OLD = "<old name>";

/** Where the refused program is written: the dynamic providers' TypeScript, or a plugin program's runtime. */
export type Face = "dynamic" | ProgramRuntime | "unknown";

/** The face of this process: the dynamic providers, or the plugin with its program's runtime when known. */
export function thisFace(): Face {
  return providerSettingsOnly() ? (programRuntime() ?? "unknown") : "dynamic";
}

/** The resource option declaring `urn`'s old name, as a program on `face` writes it. */
export function aliasOption(urn: string | undefined, face: Face): string {
  const byName = `{ aliases: [{ name: "${OLD}" }] }`;
  const identity = identityFromUrn(urn);
  // YAML before pulumi-yaml 1.28 takes only URNs as aliases (pulumi/pulumi-yaml pkg/pulumiyaml/run.go, Aliases:
  // v1.25 reads each element as a URN; object aliases came with #936), so YAML gets the old URN.
  const oldUrn = identity && urn ? `${urn.slice(0, urn.length - identity.name.length)}${OLD}` : undefined;
  const forms: Record<Exclude<Face, "unknown">, string> = {
    // The dynamic providers serve TypeScript and JavaScript programs only.
    dynamic: `the resource's options ${byName}`,
    nodejs: `the resource's options ${byName}`,
    python: `opts=pulumi.ResourceOptions(aliases=[pulumi.Alias(name="${OLD}")])`,
    go: `pulumi.Aliases([]pulumi.Alias{{Name: pulumi.String("${OLD}")}})`,
    yaml: `options: {aliases: ["${oldUrn ?? "<the old resource's URN>"}"]}`,
    dotnet: `new CustomResourceOptions { Aliases = { new Alias { Name = "${OLD}" } } }`,
    java: `CustomResourceOptions.builder().aliases(Alias.builder().name("${OLD}").build()).build()`,
  };
  if (face !== "unknown") return forms[face];
  return `the aliases resource option with the old name${oldUrn ? ` (its URN: ${oldUrn})` : ""}`;
}

/** What `adopt` is set to: `true`, or an object naming the object by id (a name as the other way). */
export type AdoptValue = true | { id: string; name?: string };

/**
 * The `adopt` setting as a program on `face` writes it, so a Python user is not shown JavaScript (issue 51): the
 * property names are Pulumi's code generators' (snake_case in Python, PascalCase in Go and .NET), and the object is
 * the SDK's `SurveyAdoptArgs` where the language needs a type (Python takes a dict for it).
 */
export function adoptSetting(adopt: AdoptValue, face: Face): string {
  const q = JSON.stringify;
  if (adopt === true) {
    const forms: Record<Face, string> = {
      dynamic: "adopt: true",
      nodejs: "adopt: true",
      python: "adopt=True",
      go: "Adopt: pulumi.Bool(true)",
      yaml: "adopt: true",
      dotnet: "Adopt = true",
      java: ".adopt(true)",
      unknown: "the input adopt to true",
    };
    return forms[face];
  }
  const one = (key: "id" | "name", value: string): string => {
    const forms: Record<Face, string> = {
      dynamic: `adopt: {${key}: ${q(value)}}`,
      nodejs: `adopt: {${key}: ${q(value)}}`,
      python: `adopt={${q(key)}: ${q(value)}}`,
      go: `Adopt: &posthogiac.SurveyAdoptArgs{${key === "id" ? "Id" : "Name"}: pulumi.String(${q(value)})}`,
      yaml: `adopt: {${key}: ${q(value)}}`,
      dotnet: `Adopt = new SurveyAdoptArgs { ${key === "id" ? "Id" : "Name"} = ${q(value)} }`,
      java: `.adopt(SurveyAdoptArgs.builder().${key}(${q(value)}).build())`,
      unknown: `the input adopt with ${key} ${q(value)}`,
    };
    return forms[face];
  };
  return adopt.name === undefined
    ? one("id", adopt.id)
    : `${one("id", adopt.id)} (or ${one("name", adopt.name)})`;
}

export interface RefusedObject {
  /** How the refusal names the object: `survey <id>`, `pending invite <id>`. */
  object: string;
  id: string;
  /** The URN of the resource whose create was refused, when known. */
  urn: string | undefined;
  /** The `adopt` input that takes it: `true` (an invite), or the survey's id and name; written per face by adoptSetting. */
  adopt: AdoptValue;
  /** What adopting spares: `a POST`, `an invitation email`. */
  spares: string;
  /** The plugin's type token of the resource. */
  token: string;
}

/**
 * The ways out, aliases first, each saying what it does to the resource that held the object; for a refusal that
 * may come from a rename (a resource renamed without an alias meets its own object under its new name).
 */
export function renameWaysOut(refused: RefusedObject, face: Face = thisFace()): string {
  const { object, id, urn, adopt, spares, token } = refused;
  const name = identityFromUrn(urn)?.name ?? "<resource name>";
  const importWay =
    face !== "dynamic"
      ? `, or run pulumi import ${token} ${name} ${id} before pulumi up (the stack records it under this resource)`
      : "";
  return (
    `If this resource was renamed, declare its old name as an alias, ${aliasOption(urn, face)}: the renamed resource ` +
    `keeps ${object} and its state, and nothing is sent or deleted. Otherwise, to manage ${object} with this ` +
    `resource, set ${adoptSetting(adopt, face)} (it records the object, sparing ${spares})${importWay}; a resource of this stack that ` +
    "held it and is no longer in the program is then dropped from the stack without deleting it, with a warning."
  );
}
