package main

import (
	"context"
	"errors"
	"net"
	"os/exec"
	"sync"
	"syscall"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// fakeEngine records the messages sent to the engine's log service.
type fakeEngine struct {
	pulumirpc.UnimplementedEngineServer
	mu       sync.Mutex
	messages []*pulumirpc.LogRequest
}

func (e *fakeEngine) Log(_ context.Context, req *pulumirpc.LogRequest) (*emptypb.Empty, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.messages = append(e.messages, req)
	return &emptypb.Empty{}, nil
}

func startFakeEngine(t *testing.T) (*fakeEngine, string) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	engine := &fakeEngine{}
	pulumirpc.RegisterEngineServer(srv, engine)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	return engine, lis.Addr().String()
}

// The go host says it is compiling through the engine before `go build` starts (what the CLI shows during a
// first build), even when the build then fails.
func TestGoCompileIsAnnouncedThroughTheEngine(t *testing.T) {
	engine, addr := startFakeEngine(t)
	h := &goHost{base: newBase(addr, "")}
	_, err := h.compileGoProgram(context.Background(), t.TempDir(), "")
	if err == nil {
		t.Fatal("a folder without Go files compiled")
	}
	if len(engine.messages) != 1 {
		t.Fatalf("messages: %v", engine.messages)
	}
	m := engine.messages[0]
	if m.Message != "Compiling the program ..." || m.Severity != pulumirpc.LogSeverity_INFO || !m.Ephemeral {
		t.Errorf("got %v", m)
	}
}

// Cancel stops a running program: it gets an interrupt (and would be killed programStopDelay later).
func TestCancelInterruptsTheProgram(t *testing.T) {
	b := newBase("", "")
	cmd := b.commandUnderCancel(context.Background(), "sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Cancel(context.Background(), &emptypb.Empty{}); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		t.Fatalf("the program was not stopped: %v", err)
	}
	status, ok := exitErr.Sys().(syscall.WaitStatus)
	if !ok || !status.Signaled() || status.Signal() != syscall.SIGINT {
		t.Errorf("stopped by %v, want an interrupt", exitErr)
	}
	if cmd.WaitDelay != programStopDelay {
		t.Errorf("WaitDelay %v", cmd.WaitDelay)
	}
}
