// The harness's own calls to the emulator (controls, the request log, "someone in the UI") on a new connection
// each time. fetch keeps idle sockets alive, and a test that waits on an engine run for longer than the server's
// keep-alive timeout (5 s) can send its next call on a socket the server is closing at that moment: "other side
// closed", a failure of the harness's connection, not of the behaviour under test.
import http from "node:http";

export interface FreshResponse {
  status: number;
  text: string;
}

export function freshConnectionRequest(
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
