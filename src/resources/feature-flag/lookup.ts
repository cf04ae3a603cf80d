// A project's feature flag found by its key, through the project's cached flag listing: used by getFeatureFlag
// and by the survey inputs that name a flag by key (linkedFlagKey, targetingFlagKey).
import type { PostHogClient, WireFeatureFlag } from "../../client";
import { cachedFlags, invalidateFlags } from "../../provider-kit/list-cache";

/** The project's flag with this key; a listing that misses it is fetched once more (the flag may be new). */
export async function findFlagByKey(
  client: PostHogClient,
  project: string,
  key: string,
): Promise<WireFeatureFlag | undefined> {
  const find = async () => (await cachedFlags(client, project)).find((flag) => flag.key === key);
  const cached = await find();
  if (cached) return cached;
  invalidateFlags(client, project);
  return find();
}

export function unknownFlagKey(input: string, key: string, project: string): Error {
  return new Error(
    `${input} "${key}" matches no feature flag in project ${project}. ` +
      "Check the key (it is case-sensitive) and the project, or create the flag first.",
  );
}
