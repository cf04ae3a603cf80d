// The package schema as the JSON text GetSchema answers with. From source (tests, `ts-node`) this module builds it
// from the catalogue (schema.ts). `npm run build` then replaces the compiled module with the text itself
// (tools/plugin-schema-json.js), so the installed plugin, and the release bundle made from dist, load a string
// instead of building the schema at every start: building it loads every resource's zod rules and converts them
// (about 0.8 s of a 1.3 s start in a `node --cpu-prof` profile). test/unit/plugin-schema-json.test.ts holds the
// built text to what the catalogue gives.
import { getSchema } from "./schema";

const SCHEMA_JSON: string = JSON.stringify(getSchema());

export = SCHEMA_JSON;
