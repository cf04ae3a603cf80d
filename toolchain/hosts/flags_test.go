package main

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// hostFlagSet is a fresh flag.CommandLine: glog's flags (which every host has, through the logging package) and
// nothing else, returning errors instead of exiting.
func hostFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("pulumi-language-test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	flag.CommandLine.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	return fs
}

// What pulumi-yaml v1.25.0's engine (sdk v3.206.0, buildArgsForNewPlugin) passes, which the real hosts refuse
// since pulumi/pulumi v3.214.0: "flag provided but not defined: -typescript".
func TestEveryHostRefusesTheFlagsItsRealHostDropped(t *testing.T) {
	for _, language := range []string{"nodejs", "python", "go"} {
		for _, args := range [][]string{
			{"-typescript=false", "-root=/program", "127.0.0.1:1"},
			{"-root=/program", "127.0.0.1:1"},
			{"-virtualenv=venv", "127.0.0.1:1"},
			{"-binary=prog", "127.0.0.1:1"},
		} {
			_, err := parseFlags(language, hostFlagSet(), args)
			want := "flag provided but not defined: " + strings.SplitN(args[0], "=", 2)[0]
			if err == nil || err.Error() != want {
				t.Errorf("%s %v: got %v, want %q", language, args, err, want)
			}
		}
	}
}

func TestEveryHostAcceptsWhatTheEngineSends(t *testing.T) {
	// buildPluginArguments (sdk/go/common/resource/plugin/plugin.go): logging flags when the CLI flows them, the
	// tracing endpoint, then the engine's address.
	for _, language := range []string{"nodejs", "python", "go"} {
		f, err := parseFlags(language, hostFlagSet(),
			[]string{"--logtostderr", "-v=9", "--tracing", "http://tracing", "127.0.0.1:4321"})
		if err != nil {
			t.Fatalf("%s: %v", language, err)
		}
		if f.engineAddress != "127.0.0.1:4321" || f.tracing != "http://tracing" {
			t.Errorf("%s: engine %q tracing %q", language, f.engineAddress, f.tracing)
		}
	}
}

func TestEachHostHasOnlyItsOwnFlags(t *testing.T) {
	cases := []struct {
		language string
		args     []string
		want     string // "" when accepted
	}{
		{"nodejs", []string{"-runtime=nodejs"}, ""},
		{"nodejs", []string{"-runtime=deno"}, "unsupported runtime: deno"},
		{"nodejs", []string{"-use-executor=x"}, "flag provided but not defined: -use-executor"},
		{"python", []string{"-use-executor=/bin/exec"}, ""},
		{"python", []string{"-runtime=nodejs"}, "flag provided but not defined: -runtime"},
		{"go", []string{"-runtime=nodejs"}, "flag provided but not defined: -runtime"},
		{"go", []string{"-use-executor=x"}, "flag provided but not defined: -use-executor"},
		{"go", []string{"-version"}, ""},
	}
	for _, c := range cases {
		_, err := parseFlags(c.language, hostFlagSet(), c.args)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s %v: got %q, want %q", c.language, c.args, got, c.want)
		}
	}
}

func TestPythonUsesTheGivenExecutor(t *testing.T) {
	f, err := parseFlags("python", hostFlagSet(), []string{"-use-executor", "/opt/exec", "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	h, err := newPythonHost(newBase(f.engineAddress, ""), f.useExecutor)
	if err != nil || h.execScript != "/opt/exec" {
		t.Fatalf("exec script %v, err %v", h, err)
	}
}
