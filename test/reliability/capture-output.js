// Preloaded into the provider plugin (NODE_OPTIONS=--require) by the reliability tests: copies everything the
// plugin writes to stdout and stderr into a file, so the tests can check that it never contains the API key.
"use strict";
const fs = require("node:fs");

const file = process.env.PULUMI_POSTHOG_TEST_OUTPUT;
if (file) {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = (chunk, ...rest) => {
      try {
        fs.appendFileSync(file, typeof chunk === "string" ? chunk : Buffer.from(chunk));
      } catch {
        // Capturing must never break the plugin.
      }
      return write(chunk, ...rest);
    };
  }
}
