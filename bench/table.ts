// One benchmark result row and the markdown table they are printed as, plus the machine they ran on.
import os from "node:os";

export interface Row {
  benchmark: string;
  /** The measured figure, with its unit. */
  figure: string;
  /** What it is compared with: a floor (the least possible) or a baseline (a reference implementation). */
  floor: string;
  /** figure / floor, when both are numbers; "-" otherwise. */
  ratio: string;
  command: string;
}

export function ratio(figure: number, floor: number, digits = 2): string {
  if (!Number.isFinite(figure) || !Number.isFinite(floor)) return "-";
  if (floor === 0) return figure === 0 ? "1.00 (both 0)" : "∞ (floor 0)";
  return `${(figure / floor).toFixed(digits)}x`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function markdownTable(rows: Row[]): string {
  const lines = [
    "| benchmark | figure | floor / baseline | ratio | command |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) => `| ${[r.benchmark, r.figure, r.floor, r.ratio, `\`${r.command}\``].map(cell).join(" | ")} |`,
    ),
  ];
  return lines.join("\n");
}

export function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? "unknown cpu";
  const memGb = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${model}, ${cpus.length} cores, ${memGb} GB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function ms(value: number): string {
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}
