import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
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
  {
    // The emulator is an independent model of PostHog that the provider is tested against: it imports nothing
    // from the provider, by name or by a path out of its package (its src is at most two folders deep).
    files: ["packages/posthog-emulator/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^pulumi-posthog(/|$)|^(\\.\\./){3,}",
              message:
                "posthog-emulator imports nothing from the provider (pulumi-posthog) or outside its package.",
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
);
