/**
 * Scrubs credentials from any text that could reach a log line, an error message or state:
 * PostHog personal keys (phx_...), bearer tokens, and any explicitly known secret values.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would redact ordinary words; real keys are long.
    if (secret.length >= 8) out = out.split(secret).join("***");
  }
  return out.replace(/phx_[A-Za-z0-9_-]+/g, "phx_***").replace(/(bearer\s+)(?!\*\*\*)[^\s"',;]+/gi, "$1***");
}
