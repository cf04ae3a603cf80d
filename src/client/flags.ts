import { featureFlagSchema, type WireFeatureFlag } from "./flags.wire";
import { seg } from "./base-url";
import { listAll } from "./paginate";
import type { Id } from "./surveys";
import type { Transport } from "./transport";

export interface FeatureFlagWriteBody {
  key: string;
  name?: string;
  filters?: object;
  active?: boolean;
}

export interface FeatureFlagsApi {
  create(projectId: Id, body: FeatureFlagWriteBody): Promise<WireFeatureFlag>;
  get(projectId: Id, id: number): Promise<WireFeatureFlag>;
  /** Every flag of the project, all pages (PostHog leaves out the flags surveys create for themselves). */
  listAll(projectId: Id): Promise<WireFeatureFlag[]>;
}

export function featureFlagsApi(t: Transport): FeatureFlagsApi {
  const base = (projectId: Id) => `/api/projects/${seg(projectId)}/feature_flags/`;
  return {
    create: (projectId, body) =>
      t.call({ method: "POST", path: base(projectId), body, schema: featureFlagSchema }),
    get: (projectId, id) =>
      t.call({ method: "GET", path: `${base(projectId)}${seg(id)}/`, schema: featureFlagSchema }),
    listAll: (projectId) => listAll(t, base(projectId), { limit: 100 }, featureFlagSchema),
  };
}
