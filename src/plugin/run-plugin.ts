// The module Pulumi's Node.js language host loads when it runs this package as a plugin from PulumiPlugin.yaml
// (plugin/package.json names it as `main`). The host does not execute a file: it starts
// `@pulumi/pulumi/cmd/run-plugin <plugin dir> <engine address>`, which `require`s the directory and, when the
// module's export is a function, calls it and awaits the result (pulumi/pulumi sdk/nodejs/cmd/run-plugin/run.ts,
// run). So this module exports the server's start rather than starting it on load as the bin does (main.ts).
// docs/plugin.md#how-pulumi-starts-the-plugin says the whole path.
import { serve } from "./main";

export = serve;
