// Fault matrix for InviteBatch: every operation under every injected fault converges, leaves no orphan or
// duplicate, and never reports success for something that did not happen (see matrix.ts).
import { describeFaultMatrix } from "./matrix";
import { batch } from "./subjects";

describeFaultMatrix("InviteBatch", batch);
