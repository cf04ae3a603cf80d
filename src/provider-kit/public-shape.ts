// Compile-time link between a zod shape and the hand-written public interface it validates. The public
// interface is the one place for the shape users see; this makes a drift (a key in one and not the other, or
// a parsed value the public type does not allow) a compile error instead of a surprise.
import type { z } from "zod";

type Parsed<Shape> = { [K in keyof Shape]: Shape[K] extends z.ZodType ? z.output<Shape[K]> : never };
type Misfits<Shape, Public> = {
  [K in keyof Shape & keyof Public]: Parsed<Shape>[K] extends Public[K] | undefined ? never : K;
}[keyof Shape & keyof Public];
type OnlyIn<A, B> = Exclude<keyof A, keyof B>;

/** `true` when Shape validates exactly Public; otherwise the offending keys (so assigning `true` fails). */
export type FitsPublic<Shape, Public> = [
  OnlyIn<Shape, Public> | OnlyIn<Public, Shape> | Misfits<Shape, Public>,
] extends [never]
  ? true
  : OnlyIn<Shape, Public> | OnlyIn<Public, Shape> | Misfits<Shape, Public>;
