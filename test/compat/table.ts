// The matrix as one table: what each cell ran with, and what tsc and loading said.
import type { CellResult } from "./run-cell";

export function matrixTable(results: CellResult[]): string {
  const header = [
    "cell",
    "template",
    "pm",
    "node",
    "sdk",
    "typescript",
    "tsc",
    "load",
    "provider bytes",
    "stored provider runs",
  ];
  const rows = results.map((r) => [
    r.cell.name,
    r.cell.template + (r.cell.kind === "typescript" ? "" : ` (${r.cell.kind})`),
    r.cell.packageManager,
    r.versions.node ?? `${r.cell.node}`,
    r.versions.sdk ?? r.cell.sdk,
    r.versions.typescript ?? (r.cell.typescript ? r.cell.typescript : "none (SDK's vendored)"),
    tscColumn(r),
    r.install.ok
      ? r.load.ok
        ? "ok"
        : `FAIL: ${firstLine(r.load.stderr)}`
      : `install FAIL: ${firstLine(r.install.stderr)}`,
    r.resources.map((res) => `${res.type.split(":").pop()} ${Buffer.byteLength(res.provider)}`).join(", ") ||
      "-",
    storedColumn(r),
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row: string[]): string => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function storedColumn(r: CellResult): string {
  if (r.resources.length === 0) return "-";
  const bad = r.resources.filter((res) => !("failures" in res.check) || res.check.failures.length > 0);
  return bad.length === 0 ? "ok" : `FAIL: ${bad.map((res) => res.name).join(", ")}`;
}

function tscColumn(r: CellResult): string {
  if (!r.tsc) return r.cell.typescript ? "-" : "n/a (no TypeScript)";
  if (r.tsc.ok) return "ok";
  const output = r.tsc.stdout + r.tsc.stderr;
  const errors = output.match(/error TS\d+/g) ?? [];
  return `FAIL: ${errors.length} errors, first: ${firstLine(output)}`;
}

/** The first line that says something: package managers' warnings are skipped. */
function firstLine(text: string): string {
  const lines = text.split("\n").map((l) => l.trim());
  return (lines.find((l) => l && !/^(npm warn|warning)\b/i.test(l)) ?? "").slice(0, 100);
}
