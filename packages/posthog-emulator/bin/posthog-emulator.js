#!/usr/bin/env node
// The bin is this committed file rather than dist/cli/emulator.js: npm links a workspace's bins before the
// root's `prepare` builds dist, and skips a bin whose file does not exist yet, so on a fresh clone
// `npm ci && npx posthog-emulator` would find no command.
require("../dist/cli/emulator.js");
