package main

import (
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/structpb"
)

func programWith(t *testing.T, options map[string]any) *pulumirpc.ProgramInfo {
	t.Helper()
	s, err := structpb.NewStruct(options)
	if err != nil {
		t.Fatal(err)
	}
	return &pulumirpc.ProgramInfo{Options: s}
}

func TestReadOptionsKeepsDefaultsAndReadsGivenOnes(t *testing.T) {
	typescript, tsconfig, unset := true, "", "default"
	given, err := readOptions(programWith(t, map[string]any{"typescript": false, "tsconfig": "tsconfig.json"}),
		option("typescript", &typescript), option("tsconfig", &tsconfig), option("nodeargs", &unset))
	if err != nil {
		t.Fatal(err)
	}
	if typescript || tsconfig != "tsconfig.json" || unset != "default" {
		t.Fatalf("read typescript=%v tsconfig=%q nodeargs=%q", typescript, tsconfig, unset)
	}
	if !given["typescript"] || !given["tsconfig"] || given["nodeargs"] {
		t.Fatalf("given = %v", given)
	}
}

func TestReadOptionsRefusesAWrongType(t *testing.T) {
	for _, c := range []struct {
		options map[string]any
		want    string
	}{
		{map[string]any{"typescript": "yes"}, "typescript option must be a boolean"},
		{map[string]any{"toolchain": true}, "toolchain option must be a string"},
	} {
		var typescript bool
		var tc string
		_, err := readOptions(programWith(t, c.options), option("typescript", &typescript), option("toolchain", &tc))
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: got %v, want %q", c.options, err, c.want)
		}
	}
}

func TestEachHostReadsItsOptionsThroughIt(t *testing.T) {
	if _, err := parseNodeOptions(programWith(t, map[string]any{"packagemanager": "deno"}), "nodejs"); err == nil ||
		err.Error() != `packagemanager option must be one of auto, npm, yarn, pnpm or bun, got "deno"` {
		t.Errorf("nodejs: %v", err)
	}
	if _, err := pythonOptions(programWith(t, map[string]any{"virtualenv": 3}), false); err == nil ||
		err.Error() != "virtualenv option must be a string" {
		t.Errorf("python: %v", err)
	}
	if _, _, err := goBinaryOptions(programWith(t, map[string]any{"binary": "a", "buildTarget": "b"})); err == nil {
		t.Error("go: binary and buildTarget together were accepted")
	}
}
