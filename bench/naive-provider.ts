// The usual hand-written dynamic provider, for comparison with the shim: its methods close over an HTTP
// client. Two variants: over an axios *instance* (what most examples do), and over the axios *module*,
// building the client inside each method (the pattern the SDK can serialize). Nothing here is ever run
// against a server; only serialized. The key is read from the environment at call time, never captured.
import type * as pulumi from "@pulumi/pulumi";
import type { AxiosInstance } from "axios";
// `import x = require()` keeps the captured value the module object itself, which the serializer turns into
// require("axios/..."); an esModuleInterop default import would capture a wrapper object by value instead.
import axiosModule = require("axios");

type Inputs = Record<string, unknown>;

function providerOver(http: () => AxiosInstance): pulumi.dynamic.ResourceProvider {
  const path = (inputs: Inputs, id = "") =>
    `/api/projects/${String(inputs.projectId)}/surveys/${id ? `${id}/` : ""}`;
  return {
    async check(_olds: Inputs, news: Inputs) {
      return { inputs: news };
    },
    async diff(_id: string, olds: Inputs, news: Inputs) {
      return { changes: JSON.stringify(olds) !== JSON.stringify(news) };
    },
    async create(inputs: Inputs) {
      const res = await http().post<{ id: string }>(path(inputs), inputs);
      return { id: res.data.id, outs: { ...inputs, ...res.data } };
    },
    async read(id: string, props: Inputs) {
      const res = await http().get<Inputs>(path(props, id));
      return { id, props: { ...props, ...res.data } };
    },
    async update(id: string, olds: Inputs, news: Inputs) {
      const res = await http().patch<Inputs>(path(olds, id), news);
      return { outs: { ...news, ...res.data } };
    },
    async delete(id: string, props: Inputs) {
      await http().delete(path(props, id));
    },
  };
}

const authHeaders = () => ({ Authorization: `Bearer ${process.env.POSTHOG_API_KEY ?? ""}` });

/** Variant A: one axios instance made up front, captured by every method. */
export function overAxiosInstance(): pulumi.dynamic.ResourceProvider {
  const client = axiosModule.create({ baseURL: process.env.POSTHOG_HOST, timeout: 30_000 });
  client.interceptors.request.use((config) => {
    config.headers.set(authHeaders());
    return config;
  });
  return providerOver(() => client);
}

/** Variant B: the axios module captured, the client built inside each call. */
export function overAxiosModule(): pulumi.dynamic.ResourceProvider {
  return providerOver(() =>
    axiosModule.create({ baseURL: process.env.POSTHOG_HOST, timeout: 30_000, headers: authHeaders() }),
  );
}

/** A provider that does nothing: the cold-start baseline. */
export function doNothing(): pulumi.dynamic.ResourceProvider {
  return {
    async check(_olds: Inputs, news: Inputs) {
      return { inputs: news };
    },
    async create() {
      return { id: "nothing", outs: {} };
    },
  };
}
