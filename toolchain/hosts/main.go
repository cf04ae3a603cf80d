// pulumi-posthog's stand-in language hosts for nodejs, python and go.
//
// The Pulumi CLI runs a program through a "language host", an executable named pulumi-language-<runtime> that
// serves pulumirpc.LanguageRuntime over gRPC. Pulumi's own hosts for nodejs, python and go live in nested Go
// modules of pulumi/pulumi (sdk/nodejs/cmd/pulumi-language-nodejs, sdk/python/cmd/pulumi-language-python,
// sdk/go/pulumi-language-go), and the Go module proxy this project can reach refuses to serve them (see
// docs/contributing/pulumi-toolchain.md for the exact refusals). This binary stands in for them: one executable,
// installed under the three names, that picks its language from the name it was started as.
//
// It is not Pulumi's code. It follows what those hosts do (read at pulumi/pulumi v3.260, the files above, and the
// functions named in each method's comment) and calls the same libraries they call, which ship in the modules the
// proxy does serve: pkg/v3's code and program generators (pkg/codegen/nodejs|python|go), pkg/v3's schema loader
// and PCL binder, sdk/v3's package managers (sdk/nodejs/npm) and Python toolchains (sdk/python/toolchain).
// Left out: debugging (attach_debugger), bun, fnm/pyenv version switching, the nodejs monitor proxy and sync
// pipes (kept only for synchronous invokes), type checkers for python, Pack, Template and RuntimeOptionsPrompts.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// version is the Pulumi release these hosts were built against, with build metadata saying what they are; the
// toolchain build stamps it with -ldflags -X main.version=...
var version = "0.0.0+pulumi-posthog.stand-in"

// standInNote is what About and --version say, so nobody mistakes these for Pulumi's hosts.
const standInNote = "pulumi-posthog's stand-in language host (Pulumi's own host module is refused by the Go " +
	"module proxy); see docs/contributing/pulumi-toolchain.md"

// hostFor maps the name this binary was started as to the language it serves.
func hostFor(name string, b *base) (pulumirpc.LanguageRuntimeServer, error) {
	switch {
	case strings.HasSuffix(name, "pulumi-language-nodejs"):
		b.language, b.gen = "nodejs", nodejsCodegen{}
		return &nodejsHost{base: b}, nil
	case strings.HasSuffix(name, "pulumi-language-python"):
		b.language, b.gen = "python", pythonCodegen{}
		return newPythonHost(b)
	case strings.HasSuffix(name, "pulumi-language-go"):
		b.language, b.gen = "go", goCodegen{}
		return &goHost{base: b}, nil
	}
	return nil, fmt.Errorf("%s: start this binary as pulumi-language-nodejs, pulumi-language-python or "+
		"pulumi-language-go (a symlink named so)", name)
}

// valueFlags take a value (`-name value` or `-name=value`); any other flag is a switch or carries its value after
// `=`. Runtime options reach a host in ProgramInfo, but older engines (the sdk/v3 inside pulumi-yaml v1.25.0,
// which starts hosts itself to load schemas) also pass each one as `-<option>=<value>`, so unknown flags are
// accepted and ignored rather than refused.
var valueFlags = map[string]bool{"tracing": true, "root": true, "binary": true, "virtualenv": true, "runtime": true}

// parseArgs returns the -tracing value, whether -version was given, and the positional arguments (the engine's
// address).
func parseArgs(argv []string) (tracing string, showVersion bool, positional []string) {
	for i := 0; i < len(argv); i++ {
		arg := argv[i]
		if arg == "--" {
			return tracing, showVersion, append(positional, argv[i+1:]...)
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			positional = append(positional, arg)
			continue
		}
		flagName, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !hasValue && valueFlags[flagName] && i+1 < len(argv) {
			i++
			value = argv[i]
		}
		switch flagName {
		case "tracing":
			tracing = value
		case "version":
			showVersion = !hasValue || value == "true"
		}
	}
	return tracing, showVersion, positional
}

func main() {
	name := filepath.Base(os.Args[0])
	tracing, showVersion, args := parseArgs(os.Args[1:])
	if showVersion {
		fmt.Printf("%s (%s)\n", version, standInNote)
		return
	}
	logging.InitLogging(false, 0, false)

	b := &base{tracing: tracing, cancel: make(chan bool)}
	if len(args) > 0 {
		b.engineAddress = args[0]
	}
	host, err := hostFor(name, b)
	if err != nil {
		cmdutil.Exit(err)
	}

	// Stop serving when the engine goes away or on an interrupt, as Pulumi's hosts do (their main functions).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	go func() {
		<-ctx.Done()
		stop()
		close(b.cancel)
	}()
	if b.engineAddress != "" {
		if err := rpcutil.Healthcheck(ctx, b.engineAddress, 5*time.Minute, stop); err != nil {
			cmdutil.Exit(fmt.Errorf("could not start health check host RPC server: %w", err))
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: b.cancel,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start language host RPC server: %w", err))
	}
	// The engine reads the port from our first line of output.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host RPC stopped serving: %w", err))
	}
}
