// The compatibility matrix: which program shape, TypeScript, SDK, package manager and Node each cell uses.
// Not the full cross product: every value appears at least once, and the combinations that broke in the
// wild (pnpm with an SDK below 3.251, the 2024-04..2026-03 template, TypeScript 5.0) each get a cell.
import type { TemplateName } from "./templates";

export type PackageManager = "npm" | "pnpm" | "yarn";
export type ProgramKind = "typescript" | "esm-typescript" | "javascript";

export interface Cell {
  name: string;
  template: TemplateName;
  kind: ProgramKind;
  /** The program's `typescript` devDependency; undefined = none (the SDK's vendored TypeScript runs it). */
  typescript?: string;
  /** The program's `@pulumi/pulumi` dependency. */
  sdk: string;
  packageManager: PackageManager;
  /** Node major the program is loaded under (the latest SDK needs 22). */
  node: 20 | 22;
}

/** Lowest SDK the package supports: the bottom of its peer range. */
export const SDK_PEER_MINIMUM = "3.216.0";
/** Last SDK line that runs on Node 20; its serializer still writes pnpm store paths. Also the lowest SDK whose
 * optional TypeScript peer admits TypeScript 6 (3.216 stops below 6). */
const SDK_NODE20 = "~3.248.0";
/** The newest 3.x, resolved from the registry when the suite starts (npm on Node 20 would otherwise pick 3.248,
 * skipping releases whose engines need Node 22). */
export const SDK_LATEST = "latest 3.x";

export const CELLS: Cell[] = [
  {
    name: "template-current",
    template: "current",
    kind: "typescript",
    typescript: "^5.0.0",
    sdk: SDK_LATEST,
    packageManager: "npm",
    node: 22,
  },
  {
    name: "template-2024",
    template: "2024",
    kind: "typescript",
    typescript: "^5.0.0",
    sdk: SDK_NODE20,
    packageManager: "npm",
    node: 20,
  },
  {
    name: "template-pre-2024",
    template: "pre-2024",
    kind: "typescript",
    sdk: SDK_PEER_MINIMUM,
    packageManager: "npm",
    node: 20,
  },
  {
    name: "typescript-5.0",
    template: "current",
    kind: "typescript",
    typescript: "~5.0.0",
    sdk: SDK_NODE20,
    packageManager: "yarn",
    node: 20,
  },
  {
    name: "typescript-5.4",
    template: "2024",
    kind: "typescript",
    typescript: "~5.4.0",
    sdk: SDK_LATEST,
    packageManager: "pnpm",
    node: 22,
  },
  {
    name: "typescript-6.0",
    template: "current",
    kind: "typescript",
    typescript: "~6.0.0",
    sdk: SDK_NODE20,
    packageManager: "npm",
    node: 20,
  },
  {
    name: "esm-typescript",
    template: "current",
    kind: "esm-typescript",
    typescript: "^5.0.0",
    sdk: SDK_NODE20,
    packageManager: "yarn",
    node: 20,
  },
  {
    name: "javascript",
    template: "javascript",
    kind: "javascript",
    sdk: SDK_PEER_MINIMUM,
    packageManager: "yarn",
    node: 20,
  },
  {
    name: "pnpm-sdk-3.248",
    template: "2024",
    kind: "typescript",
    typescript: "^5.0.0",
    sdk: SDK_NODE20,
    packageManager: "pnpm",
    node: 20,
  },
];
