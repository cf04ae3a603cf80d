// The arguments of getInvites and getMembers: the rules the catalogue documents and the functions check calls by.
import { z } from "zod";
// The public Args interfaces import these rules, so the compile-time link that each rule fits its interface sits
// with the interface (FitsPublic), and this file imports nothing back from the functions.

export const orgArgs = { organizationId: z.string().optional() };
