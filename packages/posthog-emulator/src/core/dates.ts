// DRF DateTimeField input parsing and output formatting (UTC, "Z", microseconds only when non-zero).

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function formatUtc(secondsMs: number, micros: number): string {
  const base = new Date(secondsMs).toISOString().slice(0, 19);
  return micros ? `${base}.${String(micros).padStart(6, "0")}Z` : `${base}Z`;
}

/** An epoch-ms timestamp as DRF renders it, e.g. 2024-01-01T10:00:00.123000Z. */
export function drfTime(ms: number): string {
  const whole = Math.floor(ms / 1000) * 1000;
  return formatUtc(whole, Math.round((ms - whole) * 1000));
}

/** Parses the ISO 8601 forms Django accepts (naive values are UTC); returns the canonical DRF output or undefined. */
export function parseDateTime(input: string): string | undefined {
  const m = ISO_RE.exec(input.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? "0", m[5] ?? "0", m[6] ?? "0"].map(Number);
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(local);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMin = 0;
  const tz = m[8];
  if (tz && tz.toUpperCase() !== "Z") {
    const digits = tz.slice(1).replace(":", "");
    offsetMin = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || "0")) * (tz[0] === "-" ? -1 : 1);
  }
  const micros = Number((m[7] ?? "").padEnd(6, "0"));
  return formatUtc(local - offsetMin * 60_000, micros);
}

/** Epoch ms of a canonical DRF datetime string (sub-millisecond digits dropped). */
export function toMs(canonical: string): number {
  return Date.parse(canonical.length > 24 ? `${canonical.slice(0, 23)}Z` : canonical);
}

/** yyyy-mm-dd of an epoch ms value. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
