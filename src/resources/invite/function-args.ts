// The arguments of getInvites and getMembers: the rules the catalogue documents and the functions check calls by.
import { z } from "zod";
import type { RulesFor } from "../catalogue-kit";
import type { GetInvitesArgs } from "./functions";
import type { GetMembersArgs } from "./members-function";

export const orgArgs = { organizationId: z.string().optional() } satisfies RulesFor<GetInvitesArgs> &
  RulesFor<GetMembersArgs>;
