// The plugin answers GetSchema with the text `npm run build` froze into dist/plugin/schema-json.js
// (tools/plugin-schema-json.js); the catalogue stays the one source: the frozen text is what schema.ts builds now,
// and from source the module builds it the same way.
import fs from "node:fs";
import path from "node:path";
import { getSchema } from "../../src/plugin/schema";
import schemaFromSource = require("../../src/plugin/schema-json");
import { REPO_ROOT } from "../support/self-link";

const BUILT = path.join(REPO_ROOT, "dist", "plugin", "schema-json.js");

describe("the plugin's schema, built at build time", () => {
  it("dist holds the schema as a string literal, equal to what the catalogue gives (npm run build)", () => {
    const source = fs.readFileSync(BUILT, "utf8");
    // Frozen: the built module is the text itself, loading nothing.
    expect(source).not.toMatch(/require\(/);
    const built: unknown = require(BUILT);
    expect(typeof built).toBe("string");
    expect(JSON.parse(String(built))).toEqual(JSON.parse(JSON.stringify(getSchema())));
  });

  it("from source, the module builds the same text", () => {
    expect(schemaFromSource).toBe(JSON.stringify(getSchema()));
  });
});
