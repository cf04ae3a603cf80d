// jest.config.js's `cli` and `registry` stages run this before each test file: it marks the process as the real-CLI suite, which
// requirePulumiCli (test/support/pulumi-cli.ts) requires before it looks for a CLI.
import { CLI_SUITE_ENV } from "./pulumi-cli";

process.env[CLI_SUITE_ENV] = "1";
