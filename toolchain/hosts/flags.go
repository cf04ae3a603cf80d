package main

// The command line each stand-in accepts: exactly the flags of the real host it stands for, and nothing more.
//
// Pulumi's hosts read their flags with Go's `flag` package on flag.CommandLine, which also carries glog's flags
// (-v, -logtostderr, ...: sdk/go/common/util/logging imports glog, and the engine passes them when it flows its
// logging, buildPluginArguments in sdk/go/common/resource/plugin/plugin.go). Any other flag stops the host with
// "flag provided but not defined: -<name>", the usage, and exit status 2. That is what the engine inside
// pulumi-yaml v1.25.0 (sdk v3.206.0, buildArgsForNewPlugin) meets when it starts a host with
// `-typescript=false -root=<dir>`: those flags were removed from the hosts in pulumi/pulumi v3.214.0 (#21065).
// The flags per host, as their main functions define them (pulumi/pulumi at 1b5949891b, after #21065):
//   - sdk/nodejs/cmd/pulumi-language-nodejs/main.go, main: -tracing, -runtime (nodejs or bun; anything else is
//     "unsupported runtime: <name>"), -version;
//   - sdk/python/cmd/pulumi-language-python/main.go, main: -tracing, -version, -use-executor;
//   - sdk/go/pulumi-language-go/main.go, main and parseRunParams: -version, -tracing.
// and pulumi-java's (v0.11.0, pkg/cmd/pulumi-language-java/main.go, main): -tracing, -root, -binary, -use-executor.

import (
	"flag"
	"fmt"
)

// hostFlags is what a host's command line says.
type hostFlags struct {
	tracing     string
	showVersion bool
	// runtime (nodejs): the JavaScript runtime programs run with, nodejs or bun.
	runtime string
	// useExecutor (python): the program to run instead of the pulumi-language-python-exec beside the host; (java)
	// the build tool to run instead of the one found on PATH.
	useExecutor string
	// root and binary (java): the project root (read and unused, as in the real host) and a jar to run.
	root, binary string
	// engineAddress is the first positional argument, when given.
	engineAddress string
}

// parseFlags defines the language's flags on fs and parses argv with it. With flag.CommandLine (ExitOnError), an
// unknown flag ends the process as it ends the real host's.
func parseFlags(language string, fs *flag.FlagSet, argv []string) (*hostFlags, error) {
	f := &hostFlags{}
	fs.StringVar(&f.tracing, "tracing", "", "Emit tracing to a Zipkin-compatible tracing endpoint")
	fs.BoolVar(&f.showVersion, "version", false, "Print the current plugin version and exit")
	switch language {
	case "nodejs":
		fs.StringVar(&f.runtime, "runtime", "nodejs", "The JavaScript runtime to run programs with")
	case "python":
		fs.StringVar(&f.useExecutor, "use-executor", "", "The program to run instead of pulumi-language-python-exec")
	case "java":
		fs.StringVar(&f.root, "root", "", "Project root path to use")
		fs.StringVar(&f.binary, "binary", "", "JAR or a JBang entry-point file to execute")
		fs.StringVar(&f.useExecutor, "use-executor", "",
			"Use the given program as the executor instead of looking for one on PATH")
	}
	if err := fs.Parse(argv); err != nil {
		return nil, err
	}
	if args := fs.Args(); len(args) > 0 {
		f.engineAddress = args[0]
	}
	if language == "nodejs" && f.runtime != "nodejs" && f.runtime != "bun" {
		return nil, fmt.Errorf("unsupported runtime: %s", f.runtime)
	}
	return f, nil
}
