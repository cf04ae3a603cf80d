// A stand-in for GitHub's release API, where the Pulumi CLI downloads a resource plugin from, on 127.0.0.1 over
// HTTPS with a certificate made for the run. The CLI reaches it through its own override, not a patched URL:
// PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES maps every `github://api.github.com/<org>/<repo>` source (a schema's
// pluginDownloadURL, and the fallback `github://api.github.com/pulumi/pulumi-<name>` used when a program names no
// server) to `github://127.0.0.1:<port>/<org>/<repo>`, and SSL_CERT_FILE makes Go's TLS trust the certificate.
// What the CLI asks, from sdk/go/common/workspace/plugins.go (githubSource):
//   GET /repos/<org>/<repo>/releases/latest        (GetLatestVersion, when no version is known)
//   GET /repos/<org>/<repo>/releases/tags/v<ver>    (downloadViaAPI: the release's assets)
//   GET <the asset's url>                           (Accept: application/octet-stream)
// Only `release.repo` has a release; anything else answers 404 as GitHub does for a repository that does not exist.
import { execFile } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";

export interface Release {
  /** `owner/name` of the repository holding the release. */
  repo: string;
  /** Without the `v`. */
  version: string;
  /** Asset name -> file served for it. */
  assets: Record<string, string>;
}

export interface ReleaseHost {
  /** Environment for the CLI: the override and the certificate. */
  env: NodeJS.ProcessEnv;
  /** Every request so far, as `GET /path`, and forgets them. */
  take(): string[];
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, written into `dir`. */
async function certificate(dir: string): Promise<{ key: string; cert: string }> {
  const key = path.join(dir, "release-host.key");
  const cert = path.join(dir, "release-host.crt");
  await promisify(execFile)("openssl", [
    ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
    ...["-keyout", key, "-out", cert, "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1", "-addext", "basicConstraints=critical,CA:TRUE"],
  ]);
  return { key, cert };
}

export async function startReleaseHost(dir: string, release: Release): Promise<ReleaseHost> {
  const files = await certificate(dir);
  let requests: string[] = [];
  let origin = "";
  const assetPath = (name: string) => `/repos/${release.repo}/releases/assets/${encodeURIComponent(name)}`;
  const server = https.createServer(
    { key: fs.readFileSync(files.key), cert: fs.readFileSync(files.cert) },
    (req, res) => {
      const url = req.url ?? "";
      requests.push(`${req.method} ${url}`);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const prefix = `/repos/${release.repo}/releases`;
      if (url === `${prefix}/latest`) return json(200, { tag_name: `v${release.version}` });
      if (url === `${prefix}/tags/v${release.version}`) {
        return json(200, {
          tag_name: `v${release.version}`,
          assets: Object.keys(release.assets).map((name) => ({ name, url: `${origin}${assetPath(name)}` })),
        });
      }
      for (const [name, file] of Object.entries(release.assets)) {
        if (url === assetPath(name)) {
          const body = fs.readFileSync(file);
          res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length });
          return res.end(body);
        }
      }
      json(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  return {
    env: {
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^github://api.github.com/(?P<org>[^/]+)/(?P<repo>[^/]+)=github://127.0.0.1:${port}/\${org}/\${repo}`,
      SSL_CERT_FILE: files.cert,
    },
    take: () => {
      const taken = requests;
      requests = [];
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
