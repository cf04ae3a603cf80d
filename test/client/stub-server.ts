import http from "node:http";
import type { AddressInfo } from "node:net";

/** A tiny scripted HTTP server for transport tests (no emulator needed). */
export interface StubRequest {
  method: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StubReply {
  status?: number;
  body?: unknown;
  /** Raw text body instead of JSON. */
  text?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket after reading the request (no response). */
  reset?: boolean;
  /** Never answer (until the server closes). */
  hang?: boolean;
}

export type StubHandler = (req: StubRequest, index: number) => StubReply;

export interface StubServer {
  url: string;
  requests: StubRequest[];
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startStub(handler: StubHandler = () => ({ status: 404 })): Promise<StubServer> {
  let current = handler;
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const [path, query = ""] = (req.url ?? "/").split("?");
      const r: StubRequest = {
        method: req.method ?? "GET",
        path,
        query,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(r);
      const reply = current(r, requests.length - 1);
      const send = () => {
        if (reply.reset) return req.socket.destroy();
        if (reply.hang) return;
        const text = reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
        res.writeHead(reply.status ?? 200, { "Content-Type": "application/json", ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (h) => {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A PostHog-shaped survey for stub responses. */
export function stubSurvey(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    name: `Survey ${n}`,
    type: "popover",
    questions: [{ id: `q-${n}`, type: "open", question: "Why?" }],
    created_at: "2024-05-01T10:00:00.123456Z",
    start_date: null,
    end_date: null,
    archived: false,
    unknown_future_field: { anything: true },
    ...extra,
  };
}
