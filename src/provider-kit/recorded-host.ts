// The dynamic face's record of where each object lives: the host (placement.ts, RECORDED_HOST_OUTPUT) kept in the
// resource's outputs at every create, update and read, and handed back to the diff, which then tells a host
// changed to another PostHog from a respelling of the same one exactly as the plugin face does with DiffConfig's
// old host (placement.ts, replacedByHost). The SDK's dynamic provider never sees the old provider config: it
// answers DiffConfig unimplemented (@pulumi/pulumi cmd/dynamic-provider/index.js, ResourceProviderService
// diffConfig), and its configure gets only the settings in force. A state written before this record (no such
// output) is taken to be at the current host by a diff, as before; a refresh that finds it there adds the record,
// and one that does not keeps it as it is, not known to be deleted (placement.ts, keptWithoutRecordedHost). After a respelling of the same PostHog nothing is written, so the state keeps the old spelling until
// then, and each diff until then looks the object up once more (one GET).
import type * as pulumi from "@pulumi/pulumi";
import { resolveSettings } from "../config";
import { RECORDED_HOST_OUTPUT, readWithoutRecordedHost, withRecordedHost } from "./placement";

type Raw = Record<string, unknown>;

/** A resource's calls as its dynamic provider module exports them. */
interface DynamicCalls {
  diff(id: string, olds: Raw, news: Raw): Promise<pulumi.dynamic.DiffResult>;
  create(news: Raw): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Raw): Promise<pulumi.dynamic.ReadResult>;
  update(id: string, olds: Raw, news: Raw): Promise<pulumi.dynamic.UpdateResult>;
}

/** `outputs` with the host in force recorded (undefined stays undefined: nothing to record). */
function recorded<T extends Raw | undefined>(outputs: T): T {
  if (outputs === undefined) return outputs;
  return { ...outputs, [RECORDED_HOST_OUTPUT]: resolveSettings().host };
}

/** The host a stored state records, when it records one. */
function storedHost(olds: Raw | undefined): string | undefined {
  const host = olds?.[RECORDED_HOST_OUTPUT];
  return typeof host === "string" ? host : undefined;
}

/** `calls` (a resource's dynamic-face calls) recording the host in the outputs and reading it back at diff. */
export function recordingHost<C extends DynamicCalls>(calls: C): C {
  return {
    ...calls,
    diff: (id: string, olds: Raw, news: Raw) =>
      withRecordedHost(storedHost(olds), () => calls.diff(id, olds, news)),
    create: async (news: Raw) => {
      const result = await calls.create(news);
      return { ...result, outs: recorded(result.outs) };
    },
    // A read that finds nothing (no id) drops the resource: nothing to record. A read and an update run with the
    // host the state records too: one that finds nothing at the host in force says where the state puts it
    // (placement.ts, readAtRecordedHost and notFoundAfterMove), never "deleted".
    // A state with no host recorded (an earlier version's) that the host in force does not have is kept as it is
    // (placement.ts, keptWithoutRecordedHost), never recorded at a host it is not known to be at.
    read: async (id: string, props: Raw) => {
      const host = storedHost(props);
      if (host === undefined) {
        const { result, kept } = await readWithoutRecordedHost(() => calls.read(id, props));
        return result.id && !kept ? { ...result, props: recorded(result.props) } : result;
      }
      const result = await withRecordedHost(host, () => calls.read(id, props));
      return result.id ? { ...result, props: recorded(result.props) } : result;
    },
    update: async (id: string, olds: Raw, news: Raw) => {
      const result = await withRecordedHost(storedHost(olds), () => calls.update(id, olds, news));
      return { ...result, outs: recorded(result.outs) };
    },
  };
}
