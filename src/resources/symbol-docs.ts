// The shape of one documented symbol in the generated catalogue-docs.ts: its own file, so the generated docs and
// the catalogue kit that reads them both import it and neither imports the other.

/** One documented symbol of the public types, as the generated catalogue-docs.ts holds it. */
export interface SymbolDocs {
  doc?: string;
  members: { [name: string]: string };
  /** The interfaces it extends, whose members it has too. */
  inherits?: string[];
}
