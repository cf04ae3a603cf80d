// A dynamic Survey's state leaves out the outputs that hold their reset value (src/resources/survey/fields.ts,
// RESET_OUTPUTS), and the Survey class reads an absent one back as that value. Tests that look at stored
// outputs compare what a program would read.
import { RESET_OUTPUTS } from "../../src/resources/survey/fields";

/** Stored Survey outputs as a program reads them: every absent reset-valued output at its reset value. */
export function asProgramReads<T extends object>(outputs: T): T {
  const absent = [...RESET_OUTPUTS].filter(([field]) => !(field in outputs));
  return { ...Object.fromEntries(absent), ...outputs };
}
