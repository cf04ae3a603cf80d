// Pulumi's package metaschema (pulumi/pulumi pkg/codegen/schema/pulumi.json, the fixture under
// test/unit/fixtures/pulumi-metaschema with its origin), compiled once for the tests that check a package schema.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import metaschema from "../unit/fixtures/pulumi-metaschema/pulumi.json";

// The metaschema declares draft 2020-12 ("$schema"), so the 2020 build of ajv reads it, with ajv-formats for its
// "uri-reference" and "regex" formats. Not strict: the metaschema itself has a keyword ajv does not know
// ("desciption", a typo in csharpLanguageSpec).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(metaschema);

/** The metaschema's complaints about `doc`, empty when it is a valid Pulumi package schema. */
export function metaschemaErrors(doc: unknown): string[] {
  return validate(doc)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
}
