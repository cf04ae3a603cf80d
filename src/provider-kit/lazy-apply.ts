// A preview runs only configure, check and diff. Keeping create/read/update/delete behind a require that runs
// on their first call means a preview never loads the HTTP client (axios and src/client/), which keeps the
// provider's cold start to its first Check short.
import type * as pulumi from "@pulumi/pulumi";
import { scrubError } from "../scrub";

type Inputs = Record<string, unknown>;

/** The engine calls that change or read PostHog. */
export interface ApplyModule {
  create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult>;
  update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult>;
  delete(id: string, props: Inputs): Promise<void>;
}

/** A call whose failure reaches the engine scrubbed of any key and capped to fit its gRPC limits (src/scrub.ts). */
function scrubbing<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) =>
    run(...args).catch((error: unknown) => {
      throw scrubError(error);
    });
}

/** The apply calls of the module `load` returns, loaded on first use; both faces reach PostHog through these. */
export function applyLazily(load: () => ApplyModule): ApplyModule {
  return {
    create: scrubbing((inputs) => load().create(inputs)),
    read: scrubbing((id, props) => load().read(id, props)),
    update: scrubbing((id, olds, news) => load().update(id, olds, news)),
    delete: scrubbing((id, props) => load().delete(id, props)),
  };
}
