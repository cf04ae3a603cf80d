/** Calls the emulator's /_emulator test controls (admin key; never paced, faulted or logged). */
export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: string;
  status: number;
  body: unknown;
}

export interface Control {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  reset(): Promise<void>;
  requests(): Promise<LoggedRequest[]>;
  faults(faults: Record<string, unknown>[]): Promise<void>;
}

export function control(url: string, adminKey: string): Control {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url}/_emulator/${path}`, {
      method,
      headers: { Authorization: `Bearer ${adminKey}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`emulator control ${method} ${path} -> ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    call,
    reset: async () => {
      await call("POST", "reset");
    },
    requests: async () => (await call<{ requests: LoggedRequest[] }>("GET", "requests")).requests,
    faults: async (faults) => {
      await call("POST", "faults", { faults });
    },
  };
}
