// The Invite provider's preview calls: check and diff. They load no HTTP client; see provider.ts.
import type * as pulumi from "@pulumi/pulumi";
import { normaliseEmail, normaliseTexts, validateInviteInputs } from "../../model/input/invite";
import { resolveSettings } from "../../config";
import { inviteDiff } from "./mapping";
import { declaredScope } from "../../scope";

type Json = Record<string, unknown>;

export async function check(_olds: Json, news: Json): Promise<pulumi.dynamic.CheckResult> {
  // Validated as PostHog will read it: trimmed texts (a 30-character first name may come with spaces).
  const inputs = normaliseTexts(news);
  const failures = validateInviteInputs(inputs);
  if (failures.length > 0) return { inputs: news, failures };
  // PostHog stores the address lowercased: so do we, so Alice@Example.com never diffs against it.
  if (typeof inputs.targetEmail === "string") inputs.targetEmail = normaliseEmail(inputs.targetEmail);
  return { inputs };
}

export async function diff(_id: string, olds: Json, news: Json): Promise<pulumi.dynamic.DiffResult> {
  const { changes, replaces } = inviteDiff(
    olds,
    news,
    declaredScope("organization", news.organizationId, resolveSettings()),
  );
  return { changes, replaces, deleteBeforeReplace: false };
}
