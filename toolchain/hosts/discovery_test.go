package main

import (
	"os"
	"path/filepath"
	"testing"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
)

// writePluginJSON writes a pulumi-plugin.json at dir/rel and returns its path.
func writePluginJSON(t *testing.T, dir, rel, content string) string {
	t.Helper()
	path := filepath.Join(dir, rel, "pulumi-plugin.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// Our own SDK's file, as `pulumi package gen-sdk` writes it.
const ourPluginJSON = `{"resource": true, "name": "posthog-iac", "version": "0.1.0",
 "server": "github://api.github.com/pulumi-posthog/pulumi-posthog"}`

func dep(name, version, server string) *pulumirpc.PackageDependency {
	return &pulumirpc.PackageDependency{Name: name, Kind: "resource", Version: version, Server: server}
}

func same(a, b *pulumirpc.PackageDependency) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Name == b.Name && a.Kind == b.Kind && a.Version == b.Version && a.Server == b.Server
}

func TestPythonDistributionsDeclareTheirPlugins(t *testing.T) {
	dir := t.TempDir()
	ours := writePluginJSON(t, dir, "pulumi_posthog_iac", ourPluginJSON)
	noResource := writePluginJSON(t, dir, "pulumi_tool", `{"resource": false}`)
	cases := []struct {
		distribution, version, pluginJSON string
		want                              *pulumirpc.PackageDependency
	}{
		{"pulumi_posthog_iac", "0.1.0", ours,
			dep("posthog-iac", "v0.1.0", "github://api.github.com/pulumi-posthog/pulumi-posthog")},
		{"pulumi-tool", "1.0.0", noResource, nil},
		{"pulumi-aws", "6.1.0", "", dep("aws", "v6.1.0", "")},
		{"pulumi-aws", "6.1", "", dep("aws", "v6.1.0", "")},
		{"pulumi-aws", "6.1.0a4", "", dep("aws", "v6.1.0-alpha.4", "")},
		{"pulumi-aws", "6.1.0rc2.dev3", "", dep("aws", "v6.1.0-rc.2+dev3", "")},
		{"pulumi-aws", "not-a-version", "", nil},
		{"requests", "2.0.0", "", nil},
		{"pulumi-policy", "1.0.0", "", nil},
		{"pulumi-esc-sdk", "1.0.0", "", nil},
	}
	for _, c := range cases {
		got, err := pythonPackage(c.distribution, c.version, c.pluginJSON)
		if err != nil {
			t.Fatalf("%s: %v", c.distribution, err)
		}
		if !same(got, c.want) {
			t.Errorf("%s %s: got %v, want %v", c.distribution, c.version, got, c.want)
		}
	}
}

func TestGoModulesDeclareTheirPlugins(t *testing.T) {
	ours := t.TempDir()
	writePluginJSON(t, ours, "posthogiac", ourPluginJSON)
	unnamed := t.TempDir()
	writePluginJSON(t, unnamed, "go", `{"resource": true}`)
	notAProvider := t.TempDir()
	writePluginJSON(t, notAProvider, "", `{"resource": false, "name": "x"}`)
	cases := []struct {
		module goModule
		want   *pulumirpc.PackageDependency
	}{
		{goModule{Path: "example.com/posthog-iac/sdk/go", Version: "v0.0.0", Dir: ours},
			dep("posthog-iac", "0.1.0", "github://api.github.com/pulumi-posthog/pulumi-posthog")},
		{goModule{Path: "github.com/pulumi/pulumi-aws/sdk/v6", Version: "v6.1.0", Dir: unnamed}, dep("aws", "v6.1.0", "")},
		{goModule{Path: "github.com/pulumi/pulumi-aws/sdk/v6", Version: "v6.1.1-0.20200403140640-efb5e2a48a86",
			Dir: unnamed}, dep("aws", "v6.1.0", "")},
		{goModule{Path: "github.com/x/y", Version: "v1.0.0", Dir: notAProvider}, nil},
		{goModule{Path: "github.com/x/y", Version: "v1.0.0", Dir: t.TempDir()}, nil},
		{goModule{Path: "github.com/x/y", Version: "v1.0.0"}, nil},
	}
	for _, c := range cases {
		got, err := goPackage(c.module)
		if err != nil {
			t.Fatalf("%s: %v", c.module.Path, err)
		}
		if !same(got, c.want) {
			t.Errorf("%s %s: got %v, want %v", c.module.Path, c.module.Version, got, c.want)
		}
	}
}

// `pulumi about` for our Go quickstart: go.mod's direct requirements, a replaced one without a version.
func TestGoDependenciesAreGoModsRequirements(t *testing.T) {
	gomod, err := modfile.Parse("go.mod", []byte(`module example.com/quickstart
go 1.24
require (
	github.com/pulumi/pulumi/sdk/v3 v3.274.1
	example.com/posthog-iac/sdk/go v0.0.0
	golang.org/x/text v0.41.0 // indirect
)
replace example.com/posthog-iac/sdk/go => ./sdks/posthog-iac
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	names := func(deps []*pulumirpc.DependencyInfo) []string {
		var out []string
		for _, d := range deps {
			out = append(out, d.Name+"@"+d.Version)
		}
		return out
	}
	direct := names(goModDependencies(gomod, false))
	want := []string{"github.com/pulumi/pulumi/sdk/v3@v3.274.1", "example.com/posthog-iac/sdk/go@"}
	if len(direct) != 2 || direct[0] != want[0] || direct[1] != want[1] {
		t.Errorf("direct: got %v, want %v", direct, want)
	}
	if all := goModDependencies(gomod, true); len(all) != 3 {
		t.Errorf("transitive: got %v", names(all))
	}
}
