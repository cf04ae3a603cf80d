// pulumi-posthog's stand-in language hosts for nodejs, python, go and java.
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
// Left out: debugging (attach_debugger), fnm/pyenv version switching, the nodejs monitor proxy and sync pipes
// (kept only for synchronous invokes), Pack, Template and RuntimeOptionsPrompts.
package main

import (
	"context"
	"flag"
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

// languageOf maps the name this binary was started as to the language it serves.
func languageOf(name string) (string, error) {
	for _, language := range []string{"nodejs", "python", "go", "java"} {
		if strings.HasSuffix(name, "pulumi-language-"+language) {
			return language, nil
		}
	}
	return "", fmt.Errorf("%s: start this binary as pulumi-language-nodejs, pulumi-language-python, "+
		"pulumi-language-go or pulumi-language-java (a symlink named so)", name)
}

// hostFor makes the language's host.
func hostFor(language string, b *base, f *hostFlags) (pulumirpc.LanguageRuntimeServer, error) {
	b.language = language
	switch language {
	case "nodejs":
		b.gen = nodejsCodegen{}
		return &nodejsHost{base: b, runtime: f.runtime}, nil
	case "python":
		b.gen = pythonCodegen{}
		return newPythonHost(b, f.useExecutor)
	case "java":
		return &javaHost{base: b, binary: f.binary, useExecutor: f.useExecutor}, nil
	default:
		b.gen = goCodegen{}
		return &goHost{base: b}, nil
	}
}

func main() {
	language, err := languageOf(filepath.Base(os.Args[0]))
	if err != nil {
		cmdutil.Exit(err)
	}
	// flag.CommandLine, as the real hosts use: glog's flags are on it, and an unknown flag exits with status 2.
	f, err := parseFlags(language, flag.CommandLine, os.Args[1:])
	if err != nil {
		cmdutil.Exit(err)
	}
	if f.showVersion {
		fmt.Printf("%s (%s)\n", version, standInNote)
		return
	}
	logging.InitLogging(false, 0, false)

	b := newBase(f.engineAddress, f.tracing)
	host, err := hostFor(language, b, f)
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
