// Program shapes copied from `pulumi new` templates (github.com/pulumi/templates, typescript/ and
// javascript/). Only the parts that change how a program installs, type-checks and loads are kept.
export type TemplateName = "current" | "2024" | "pre-2024" | "javascript";

export interface Template {
  /** Where the shape comes from. */
  source: string;
  main: string;
  /** The template's devDependencies other than TypeScript. */
  devDependencies: Record<string, string>;
  /** undefined: the template ships no tsconfig.json. */
  tsconfig?: Record<string, unknown>;
}

// Options every TypeScript template shares; the module settings are what changed over time.
const sharedCompilerOptions = {
  strict: true,
  outDir: "bin",
  sourceMap: true,
  experimentalDecorators: true,
  pretty: true,
  noFallthroughCasesInSwitch: true,
  noImplicitReturns: true,
  forceConsistentCasingInFileNames: true,
};

function tsconfig(options: Record<string, string>): Record<string, unknown> {
  return { compilerOptions: { ...sharedCompilerOptions, ...options }, files: ["index.ts"] };
}

export const TEMPLATES: Record<TemplateName, Template> = {
  current: {
    source: "pulumi/templates typescript/ since 81e6522 (2026-03-25, moduleResolution nodenext)",
    main: "index.ts",
    devDependencies: { "@types/node": "^18" },
    tsconfig: tsconfig({ target: "es2020", module: "nodenext", moduleResolution: "nodenext" }),
  },
  "2024": {
    source:
      "pulumi/templates typescript/ a302940 (2024-04-12) to 81e6522: commonjs, node resolution, no esModuleInterop, no skipLibCheck",
    main: "index.ts",
    devDependencies: { "@types/node": "^18" },
    tsconfig: tsconfig({ target: "es2020", module: "commonjs", moduleResolution: "node" }),
  },
  "pre-2024": {
    source: "pulumi/templates typescript/ a4fde47 (2023-12-08): no TypeScript dependency",
    main: "index.ts",
    devDependencies: { "@types/node": "^18" },
    tsconfig: tsconfig({ target: "es2016", module: "commonjs", moduleResolution: "node" }),
  },
  javascript: {
    source: "pulumi/templates javascript/: a plain CommonJS program",
    main: "index.js",
    devDependencies: {},
  },
};
