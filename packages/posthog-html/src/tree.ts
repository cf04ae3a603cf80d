// The cleaned tree: only text and kept elements survive cleaning.

export interface CleanAttribute {
  /** Namespace prefix of a foreign attribute (`xlink`, `xml`, `xmlns`), or undefined. */
  readonly prefix?: string;
  readonly name: string;
  readonly value: string;
}

export interface CleanElement {
  readonly kind: "element";
  readonly ns: string;
  readonly name: string;
  readonly attrs: CleanAttribute[];
  readonly children: CleanNode[];
}

export interface CleanText {
  readonly kind: "text";
  readonly value: string;
}

export type CleanNode = CleanElement | CleanText;
