// Pulumi's YAML language host (github.com/pulumi/pulumi-yaml, pkg/server) with one addition: a Link that
// answers when the pinned pulumi-yaml release does not.
//
// Since pulumi/pulumi v3.219.0 (#21580, "Do not special case Pulumi YAML when linking a SDK"), `pulumi package
// add` calls the YAML host's Link; before, the CLI skipped linking for YAML ("Nothing to do for YAML",
// LinkPackages in pkg/cmd/pulumi/packages/packages.go). pulumi-yaml v1.25.0, the newest release the Go module proxy
// here serves, predates that and answers Unimplemented, so `package add` fails in a YAML project. This wrapper
// forwards every RPC to Pulumi's host and, only when its Link is unimplemented, does what the CLI did for YAML
// before v3.219: nothing (a YAML program names resources by their type token; there is no SDK to link).
//
// main follows pulumi-yaml's own cmd/pulumi-language-yaml/main.go: flags, health check, serve, print the port.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/pulumi/pulumi-yaml/pkg/server"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

type withLink struct {
	pulumirpc.LanguageRuntimeServer
}

func (h withLink) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	resp, err := h.LanguageRuntimeServer.Link(ctx, req)
	if status.Code(err) == codes.Unimplemented {
		return &pulumirpc.LinkResponse{}, nil
	}
	return resp, err
}

func main() {
	tracing := flag.String("tracing", "", "Emit tracing to a Zipkin-compatible tracing endpoint")
	flag.String("root", "", "Root of the program execution")
	flag.String("compiler", "", "[obsolete] Compiler to use to pre-process YAML")
	flag.Parse()
	logging.InitLogging(false, 0, false)

	var engineAddress string
	var cancel chan bool
	if args := flag.Args(); len(args) > 0 {
		engineAddress = args[0]
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		cancel = make(chan bool)
		go func() {
			<-ctx.Done()
			stop()
			close(cancel)
		}()
		if err := rpcutil.Healthcheck(ctx, engineAddress, 5*time.Minute, stop); err != nil {
			cmdutil.Exit(fmt.Errorf("could not start health check host RPC server: %w", err))
		}
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: cancel,
		Init: func(srv *grpc.Server) error {
			host := server.NewLanguageHost(engineAddress, *tracing, false /* useRPCLoader */)
			pulumirpc.RegisterLanguageRuntimeServer(srv, withLink{host})
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start language host RPC server: %w", err))
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host RPC stopped serving: %w", err))
	}
}
