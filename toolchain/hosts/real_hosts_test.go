package main

// Where a user could tell the stand-ins from Pulumi's hosts, they do what Pulumi's hosts do (read at pulumi/pulumi
// 1b5949891b: sdk/nodejs/cmd/pulumi-language-nodejs/main.go, sdk/python/cmd/pulumi-language-python/main.go,
// sdk/go/pulumi-language-go/main.go; the function each check follows is named in the host's code). Each test
// drives a host through its RPC methods, with a fake engine where the host needs one.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"
)

// hostsFor makes the three hosts with the given engine address ("" for one started without it).
func hostsFor(t *testing.T, engine string) map[string]pulumirpc.LanguageRuntimeServer {
	t.Helper()
	return map[string]pulumirpc.LanguageRuntimeServer{
		"nodejs": &nodejsHost{base: newBase(engine, ""), runtime: "nodejs"},
		"python": &pythonHost{base: newBase(engine, ""), execScript: filepath.Join(t.TempDir(), "exec.py")},
		"go":     &goHost{base: newBase(engine, "")},
	}
}

func programInfo(t *testing.T, dir string, options map[string]any) *pulumirpc.ProgramInfo {
	t.Helper()
	s, err := structpb.NewStruct(options)
	if err != nil {
		t.Fatal(err)
	}
	return &pulumirpc.ProgramInfo{RootDirectory: dir, ProgramDirectory: dir, EntryPoint: ".", Options: s}
}

func writeFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

// Run without the engine's address (a host started by a debugger or by hand, before Handshake) is refused
// (connectToEngine in the nodejs and python hosts, Run in the go host).
func TestRunBeforeHandshakeIsRefused(t *testing.T) {
	for language, host := range hostsFor(t, "") {
		_, err := host.Run(context.Background(), &pulumirpc.RunRequest{Info: programInfo(t, t.TempDir(), nil)})
		want := "when debugging or running explicitly, must call Handshake before Run"
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %q", language, err, want)
		}
	}
}

// The go host refuses a Handshake without an address (Handshake in the go host).
func TestGoHandshakeWithoutAnAddressIsRefused(t *testing.T) {
	_, err := (&goHost{base: newBase("", "")}).Handshake(context.Background(), &pulumirpc.LanguageHandshakeRequest{})
	if err == nil || err.Error() != "Must contain address in request" {
		t.Errorf("got %v", err)
	}
}

// runUntilCancelled starts Run, waits for the program to say it started, sends Cancel, and returns Run's answer.
func runUntilCancelled(t *testing.T, host pulumirpc.LanguageRuntimeServer, req *pulumirpc.RunRequest, started string,
) *pulumirpc.RunResponse {
	t.Helper()
	type result struct {
		resp *pulumirpc.RunResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := host.Run(context.Background(), req)
		done <- result{resp, err}
	}()
	for waited := 0; ; waited++ {
		if _, err := os.Stat(started); err == nil {
			break
		}
		select {
		case r := <-done:
			t.Fatalf("Run ended before the program started: %v %v", r.resp, r.err)
		case <-time.After(100 * time.Millisecond):
		}
		if waited > 1200 {
			t.Fatal("the program did not start")
		}
	}
	if _, err := host.Cancel(context.Background(), &emptypb.Empty{}); err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.resp
	case <-time.After(20 * time.Second): // a guard against a hang: the program sleeps for two minutes
		t.Fatal("Run still running 20 s after Cancel")
		return nil
	}
}

// Cancel interrupts a running python program at once (Run and Cancel in the python host: the program runs under
// the context Cancel ends, which sends it an interrupt, and a kill 5 s later).
func TestCancelInterruptsAPythonProgram(t *testing.T) {
	_, engine := startFakeEngine(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	t.Setenv("PROBE_OUT", out)
	script := filepath.Join(dir, "exec.py")
	writeFile(t, script, strings.Join([]string{
		"import os, signal, sys, time",
		"def interrupted(*_):",
		"    open(os.environ['PROBE_OUT'], 'w').write('interrupted')",
		"    sys.exit(3)",
		"signal.signal(signal.SIGINT, interrupted)",
		"open(os.environ['PROBE_OUT'] + '.started', 'w').close()",
		"time.sleep(120)",
	}, "\n"), 0o644)
	host := &pythonHost{base: newBase(engine, ""), execScript: script}
	resp := runUntilCancelled(t, host, &pulumirpc.RunRequest{Info: programInfo(t, dir, nil), Pwd: dir}, out+".started")
	if got, _ := os.ReadFile(out); string(got) != "interrupted" {
		t.Errorf("the program was not interrupted: %q", got)
	}
	if resp.Error != "program exited with non-zero exit code: 3" {
		t.Errorf("Run answered %v", resp)
	}
}

// shellProgram writes an executable shell script for the go host's `binary` option.
func shellProgram(t *testing.T, dir, body string) string {
	t.Helper()
	path := filepath.Join(dir, "program.sh")
	writeFile(t, path, "#!/bin/sh\n"+body, 0o755)
	return path
}

// Cancel interrupts a running go program at once (Run, runProgram and Cancel in the go host).
func TestCancelInterruptsAGoProgram(t *testing.T) {
	_, engine := startFakeEngine(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	t.Setenv("PROBE_OUT", out)
	program := shellProgram(t, dir, `sleep 120 & child=$!
trap 'echo interrupted > "$PROBE_OUT"; kill $child; exit 3' INT
touch "$PROBE_OUT.started"
wait
`)
	host := &goHost{base: newBase(engine, "")}
	req := &pulumirpc.RunRequest{Info: programInfo(t, dir, map[string]any{"binary": program}), Pwd: dir}
	resp := runUntilCancelled(t, host, req, out+".started")
	if got, _ := os.ReadFile(out); strings.TrimSpace(string(got)) != "interrupted" {
		t.Errorf("the program was not interrupted: %q", got)
	}
	if resp.Error != "program exited with non-zero exit code: 3" {
		t.Errorf("Run answered %v", resp)
	}
}

// A program that fails gets each host's own words (execRuntime in the nodejs host; Run in the python host;
// runProgram in the go host).
func TestAFailedProgramIsReportedInTheHostsWords(t *testing.T) {
	_, engine := startFakeEngine(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "exec.py")
	writeFile(t, script, "import sys\nsys.exit(1)\n", 0o644)
	python := &pythonHost{base: newBase(engine, ""), execScript: script}
	resp, err := python.Run(context.Background(), &pulumirpc.RunRequest{Info: programInfo(t, dir, nil), Pwd: dir})
	if err != nil || resp.Error != "program exited with non-zero exit code: 1" {
		t.Errorf("python: %v %v", resp, err)
	}

	golang := &goHost{base: newBase(engine, "")}
	program := shellProgram(t, dir, "exit 1\n")
	resp, err = golang.Run(context.Background(),
		&pulumirpc.RunRequest{Info: programInfo(t, dir, map[string]any{"binary": program}), Pwd: dir})
	if err != nil || resp.Error != "program exited with non-zero exit code: 1" {
		t.Errorf("go: %v %v", resp, err)
	}

	if got := exitResponse(exec.Command("sh", "-c", "exit 1").Run(), nodeBailCode, nodejsExit); got.Error !=
		"Program exited with non-zero exit code: 1" {
		t.Errorf("nodejs: %v", got)
	}
}

// A Go folder whose package is not main builds to nothing runnable; the go host says so (compileProgram and Run
// in the go host) instead of failing to execute the empty output.
func TestAGoFolderWithoutAMainPackageIsExplained(t *testing.T) {
	_, engine := startFakeEngine(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/lib\n\ngo 1.21\n", 0o644)
	writeFile(t, filepath.Join(dir, "lib.go"), "package lib\n\nfunc Answer() int { return 42 }\n", 0o644)
	host := &goHost{base: newBase(engine, "")}
	_, err := host.Run(context.Background(), &pulumirpc.RunRequest{Info: programInfo(t, dir, nil), Pwd: dir})
	want := "error in compiling Go: go program is not executable, does your program have a 'main' package?"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// envValue is the value of name in env, and whether it is set.
func envValue(env []string, name string) (string, bool) {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v, true
		}
	}
	return "", false
}

// With no stack config, python and go leave PULUMI_CONFIG unset; nodejs sets "{}" (constructConfig in each host).
// PULUMI_CONFIG_SECRET_KEYS is "[]".
func TestAStackWithoutConfigLeavesPulumiConfigUnsetForPythonAndGo(t *testing.T) {
	none := &pulumirpc.RunRequest{Info: &pulumirpc.ProgramInfo{}}
	some := &pulumirpc.RunRequest{Info: &pulumirpc.ProgramInfo{}, Config: map[string]string{"posthog:host": "h"}}

	pythonEnv, err := pythonProgramEnv(nil, none)
	if err != nil {
		t.Fatal(err)
	}
	goEnv, err := (&goHost{base: newBase("127.0.0.1:1", "")}).goProgramEnv(none)
	if err != nil {
		t.Fatal(err)
	}
	for language, env := range map[string][]string{"python": pythonEnv, "go": goEnv} {
		if v, set := envValue(env, "PULUMI_CONFIG"); set {
			t.Errorf("%s: PULUMI_CONFIG=%s", language, v)
		}
		if v, _ := envValue(env, "PULUMI_CONFIG_SECRET_KEYS"); v != "[]" {
			t.Errorf("%s: PULUMI_CONFIG_SECRET_KEYS=%q", language, v)
		}
	}
	if pythonEnv, err = pythonProgramEnv(nil, some); err != nil {
		t.Fatal(err)
	}
	if v, _ := envValue(pythonEnv, "PULUMI_CONFIG"); v != `{"posthog:host":"h"}` {
		t.Errorf("python with config: PULUMI_CONFIG=%q", v)
	}
	if cfg, _ := configJSON(none, true); cfg != "{}" {
		t.Errorf("nodejs: %q", cfg)
	}
}

// The nodejs host's About names the package manager and its version (About in the nodejs host), and refuses a
// package manager that is named but missing.
func TestNodejsAboutNamesThePackageManager(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("no npm on PATH")
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "package.json"), `{"name":"p"}`, 0o644)
	host := &nodejsHost{base: newBase("", ""), runtime: "nodejs"}
	about, err := host.About(context.Background(),
		&pulumirpc.AboutRequest{Info: programInfo(t, dir, map[string]any{"packagemanager": "npm"})})
	if err != nil {
		t.Fatal(err)
	}
	if about.Metadata["packagemanager"] != "npm" || about.Metadata["packagemanagerVersion"] == "" ||
		!strings.HasPrefix(about.Version, "v") {
		t.Errorf("about: %v", about)
	}
	missing := map[string]any{"packagemanager": "pnpm"}
	if _, err := exec.LookPath("pnpm"); err == nil {
		t.Skip("pnpm is on PATH: its refusal is not checked")
	}
	if _, err := host.About(context.Background(), &pulumirpc.AboutRequest{Info: programInfo(t, dir, missing)}); err ==
		nil || !strings.HasPrefix(err.Error(), "could not resolve packagemanager: ") {
		t.Errorf("pnpm missing: %v", err)
	}
}

// The python host's About reports the interpreter of the program's virtualenv, not the python on PATH (About in
// the python host, through the toolchain).
func TestPythonAboutReportsTheProjectsVirtualenv(t *testing.T) {
	dir := t.TempDir()
	if out, err := exec.Command("python3", "-m", "venv", "--without-pip", filepath.Join(dir, "venv")).
		CombinedOutput(); err != nil {
		t.Fatalf("python3 -m venv: %v\n%s", err, out)
	}
	host := &pythonHost{base: newBase("", "")}
	about, err := host.About(context.Background(),
		&pulumirpc.AboutRequest{Info: programInfo(t, dir, map[string]any{"virtualenv": "venv"})})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(about.Executable, filepath.Join(dir, "venv")+string(filepath.Separator)) ||
		about.Version == "" {
		t.Errorf("about: %v", about)
	}
}

// Runtime options as Pulumi's hosts take them (parseOptions in each host, and main's -runtime flag in the nodejs
// host): bun as a package manager and as a runtime, mypy as a type checker; a wrong type refused.
func TestRuntimeOptionsAsTheRealHostsTakeThem(t *testing.T) {
	if opts, err := parseNodeOptions(programInfo(t, "", map[string]any{"packagemanager": "bun"}), "nodejs"); err !=
		nil || opts.packagemanager != "bun" {
		t.Errorf("nodejs packagemanager bun: %v %v", opts, err)
	}
	if _, err := parseFlags("nodejs", hostFlagSet(), []string{"-runtime=bun"}); err != nil {
		t.Errorf("nodejs -runtime=bun: %v", err)
	}
	if opts, err := parseNodeOptions(programInfo(t, "", map[string]any{"typescript": true}), "bun"); err != nil ||
		opts.typescript || opts.packagemanager != "bun" {
		t.Errorf("under bun, typescript is off and bun is the package manager: %v %v", opts, err)
	}
	if _, err := pythonOptions(programInfo(t, "", map[string]any{"typechecker": "mypy"}), false); err != nil {
		t.Errorf("python typechecker mypy: %v", err)
	}
	if _, err := pythonOptions(programInfo(t, "", map[string]any{"typechecker": "pytype"}), false); err == nil ||
		err.Error() != "unsupported typechecker option: pytype" {
		t.Errorf("python typechecker pytype: %v", err)
	}
	for _, c := range []struct {
		got  error
		want string
	}{
		{second(parseNodeOptions(programInfo(t, "", map[string]any{"typescript": "yes"}), "nodejs")),
			"typescript option must be a boolean"},
		{second(pythonOptions(programInfo(t, "", map[string]any{"virtualenv": 3}), false)),
			"virtualenv option must be a string"},
	} {
		if c.got == nil || c.got.Error() != c.want {
			t.Errorf("got %v, want %q", c.got, c.want)
		}
	}
}

// A python toolchain that is named but missing is refused, in About as in Run (ResolveToolchain).
func TestAMissingPythonToolchainIsRefused(t *testing.T) {
	if _, err := exec.LookPath("poetry"); err == nil {
		t.Skip("poetry is on PATH")
	}
	host := &pythonHost{base: newBase("", "")}
	dir := t.TempDir()
	if _, err := host.About(context.Background(),
		&pulumirpc.AboutRequest{Info: programInfo(t, dir, map[string]any{"toolchain": "poetry"})}); err == nil {
		t.Error("About with poetry missing answered")
	}
}

func second[T any](_ T, err error) error { return err }
