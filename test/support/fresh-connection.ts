// The harness's own calls to the emulator (controls, the request log, "someone in the UI") on a new connection
// each time. fetch keeps idle sockets alive, and a test that waits on an engine run for longer than the server's
// keep-alive timeout (5 s) can send its next call on a socket the server is closing at that moment: "other side
// closed", a failure of the harness's connection, not of the behaviour under test.
import http from "node:http";

interface FreshResponse {
  status: number;
  text: string;
}

function freshConnectionRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<FreshResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A JSON call to the emulator with `apiKey` as the bearer, on a new connection; the body parsed, or null. */
export async function emulatorCall(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await freshConnectionRequest(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.text ? (JSON.parse(res.text) as unknown) : null };
}
