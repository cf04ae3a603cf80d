import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

/** The folders of src above src/resources. */
const RESOURCES_ABOVE = ["plugin", "export", "cli", "testing"];

/** The emulator stands apart: repeated in each emulator block, as flat config replaces a rule's options per file. */
const EMULATOR_APART = {
  regex: "^pulumi-posthog(/|$)|^(\\.\\./){3,}",
  message: "posthog-emulator imports nothing from the provider (pulumi-posthog) or outside its package.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "packages/*/dist/",
      "coverage/",
      "docs/",
      ".tmp/",
      "**/node_modules/",
      "**/*.js",
      "**/*.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  // No import cycles, in the provider or in the workspace packages (the emulator's core and its areas, the
  // catalogue and its docs): a cycle is a layer that knows what sits above it. Type-only imports count too,
  // since a cycle of types is still two files that change together.
  {
    files: ["src/**/*.ts", "packages/*/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // Without these the rule parses no .ts dependency, and so sees no cycle at all.
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js", ".json"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // Layering (docs/contributing/code-map.md): imports go one way, resources -> provider-kit -> client. The client is
  // PostHog's HTTP API and knows no resource; the plumbing the resources share knows no particular resource.
  {
    files: ["src/client/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [layer("client", ["resources", "provider-kit", "export", "cli", "testing"])] },
      ],
    },
  },
  {
    files: ["src/provider-kit/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [layer("provider-kit", ["resources", "plugin", "export", "cli", "testing"])] },
      ],
    },
  },
  // The resources serve both faces (the dynamic providers and the plugin) and the export command: they import
  // none of them.
  {
    files: ["src/resources/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [layer("resources", RESOURCES_ABOVE)] }],
    },
  },
  // A preview (configure, check, diff) must not load the HTTP client or axios; test/preview checks the
  // modules a preview really loads, this names the rule where the import is written.
  {
    files: ["src/resources/**/*preview.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "axios", message: "A preview must not load axios (test/preview)." }],
          patterns: [
            // Flat config replaces a rule's options per file: the resources' layer rule is repeated here.
            layer("resources", RESOURCES_ABOVE),
            {
              regex: "^(\\.\\./)+client(/|$)",
              message:
                "A preview must not load the HTTP client: check and diff run before any request (test/preview).",
            },
          ],
        },
      ],
    },
  },
  {
    // The emulator is an independent model of PostHog that the provider is tested against: it imports nothing
    // from the provider, by name or by a path out of its package (its src is at most two folders deep).
    files: ["packages/posthog-emulator/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [EMULATOR_APART],
        },
      ],
    },
  },
  {
    // The emulator's state reaches each area only through the area's field table (or its plain levels), never its
    // handlers or rules, which read the state: no circle between core/state.ts and the areas.
    files: ["packages/posthog-emulator/src/core/state.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            EMULATOR_APART,
            {
              regex:
                "^\\.\\./(?!(surveys/survey-fields|organization/invite-fields|organization/levels|organization/user-profile|feature-flags/flag-fields|analytics/action-fields|analytics/insight-fields)$)",
              message:
                "core/state.ts reaches an area only through its field table (or organization/levels): the area's handlers and rules read the state.",
            },
          ],
        },
      ],
    },
  },
  {
    // The field tables the state reads import nothing that reads the state. (invite-fields still types its
    // validators' context with core/context's Ctx: a type-only circle, see docs/contributing/code-map.md.)
    files: [
      "packages/posthog-emulator/src/surveys/survey-fields.ts",
      "packages/posthog-emulator/src/feature-flags/flag-fields.ts",
      "packages/posthog-emulator/src/analytics/action-fields.ts",
      "packages/posthog-emulator/src/analytics/insight-fields.ts",
      "packages/posthog-emulator/src/organization/levels.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            EMULATOR_APART,
            {
              regex: "^\\.\\./core/(state|context|auth|pagination|routes|server|emulator)$",
              message:
                "A field table the state reads must not import what reads the state (core/state.ts's circle).",
            },
          ],
        },
      ],
    },
  },
  {
    // Generated data: the catalogue docs import only their shape, never the kit that reads them.
    files: ["src/resources/catalogue-docs.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\./symbol-docs$)",
              message:
                "catalogue-docs.ts imports only ./symbol-docs: catalogue-kit.ts reads it, not the other way round.",
            },
          ],
        },
      ],
    },
  },
  {
    // The sanitiser is published on its own and both packages depend on it: parse5 and its own files only.
    files: ["packages/posthog-html/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!parse5$|\\./)",
              message: "@pulumi-posthog/posthog-html imports nothing but parse5 and its own files.",
            },
          ],
        },
      ],
    },
  },
  {
    // The command lines' option tables, shared by both CLIs: node's own modules and its own files only.
    files: ["packages/cli-options/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!node:|\\./)",
              message: "@pulumi-posthog/cli-options imports nothing but node's modules and its own files.",
            },
          ],
        },
      ],
    },
  },
);

/** A pattern refusing imports from `layer` into the sibling folders of src named in `above`. */
function layer(name, above) {
  return {
    regex: `^\\.\\./(\\.\\./)*(${above.join("|")})(/|$)`,
    message: `src/${name} sits below ${above.map((f) => `src/${f}`).join(", ")}: imports go resources -> provider-kit -> client.`,
  };
}
