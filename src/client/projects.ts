import { z } from "zod";
import { pageSchema } from "./paginate.wire";
import { projectSchema, type WireProject } from "./projects.wire";
import { listAll } from "./paginate";
import type { Transport } from "./transport";

export interface ProjectsApi {
  list(): Promise<WireProject[]>;
}

const PATH = "/api/projects/";

export function projectsApi(t: Transport): ProjectsApi {
  return {
    async list() {
      // Paginated on PostHog; tolerate a bare array from older or proxied servers.
      const first = await t.call({
        method: "GET",
        path: PATH,
        query: { limit: 100 },
        schema: z.union([z.array(projectSchema), pageSchema(projectSchema)]),
      });
      if (Array.isArray(first)) return first;
      if (!first.next) return first.results;
      return listAll(t, PATH, { limit: 100 }, projectSchema);
    },
  };
}
