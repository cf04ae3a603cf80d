// Fault matrix for Invite: every operation under every injected fault converges, leaves no orphan or
// duplicate, and never reports success for something that did not happen (see matrix.ts).
import { describeFaultMatrix } from "./matrix";
import { invite } from "./subjects";

describeFaultMatrix("Invite", invite);
