package main

// Plugin discovery: which resource plugins a program needs, from the pulumi-plugin.json files its dependencies
// ship. The engine asks GetRequiredPackages before a run and installs what is listed; `pulumi about` and
// `pulumi plugin install` show it. An SDK that `pulumi package gen-sdk` writes carries the file
// (sdk/python/pulumi_posthog_iac/pulumi-plugin.json, sdk/go/posthogiac/pulumi-plugin.json):
//   {"resource": true, "name": "posthog-iac", "version": "0.1.0", "server": "github://..."}
//
// What Pulumi's hosts do, which the stand-ins follow:
//   - python (sdk/python/cmd/pulumi-language-python/main.go, GetRequiredPackages, listPulumiPackageInfos,
//     readAllPulumiPluginJSONPaths, packageDependencyFromPluginJSON): every installed distribution, transitive
//     ones too, except pulumi-policy and pulumi-esc-sdk; the file is looked up in the distribution's top-level
//     package folder; a distribution without one counts only when its name starts with `pulumi-`; `resource:
//     false` drops it; a missing name is the distribution's without `pulumi-`, a missing version its PEP 440
//     version turned into semver (determinePluginVersion); a version that cannot be turned is dropped.
//   - go (sdk/go/pulumi-language-go/main.go, GetRequiredPackages, findModuleSources, modInfo.getPackage,
//     readPulumiPluginJSON, normalizeVersion): the modules go.mod requires, their folders from `go list -m
//     -json` (or `go mod download -json` when not yet downloaded); the file at the module's root, in go/, in
//     go/*/ or in */; `resource: false` or no file drops it; a missing name is the part after the first `-` of
//     the path's third element (github.com/pulumi/pulumi-aws/sdk -> aws), a missing version the module's, with
//     a pseudo-version's patch taken back by one. Errors drop the module; the list never fails the run.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// packageFromPluginJSON is the dependency a pulumi-plugin.json declares, with the name and version to use when
// the file leaves them out; nil when it declares no resource plugin.
func packageFromPluginJSON(p *plugin.PulumiPluginJSON, name, version string) *pulumirpc.PackageDependency {
	if p != nil && !p.Resource {
		return nil
	}
	server := ""
	var parameterization, extension *pulumirpc.PackageParameterization
	if p != nil {
		if p.Name != "" {
			name = p.Name
		}
		if p.Version != "" {
			version = p.Version
		}
		server = p.Server
		parameterization = protoParameterization(p.Parameterization)
		extension = protoParameterization(p.ExtensionParameterization)
	}
	if name == "" || version == "" {
		return nil
	}
	return &pulumirpc.PackageDependency{
		Name: name, Kind: "resource", Version: version, Server: server,
		Parameterization: parameterization, Extension: extension,
	}
}

func protoParameterization(p *plugin.PulumiParameterizationJSON) *pulumirpc.PackageParameterization {
	if p == nil {
		return nil
	}
	return &pulumirpc.PackageParameterization{Name: p.Name, Version: p.Version, Value: p.Value}
}

// readPluginJSON reads a pulumi-plugin.json; nil when there is none.
func readPluginJSON(path string) (*plugin.PulumiPluginJSON, error) {
	p, err := plugin.LoadPulumiPluginJSON(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return p, err
}

// --- python

// pythonWithoutPlugin: distributions named like providers that have no plugin (packagesWithoutPlugins).
var pythonWithoutPlugin = map[string]bool{"pulumi-policy": true, "pulumi-esc-sdk": true}

// pluginJSONFinder prints, for each distribution named on its command line, the pulumi-plugin.json in its
// top-level package folder ("" when there is none), as one JSON object.
const pluginJSONFinder = `import importlib.metadata, importlib.util, json, os, sys
found = {}
for dist_name in sys.argv[1:]:
    found[dist_name] = ""
    try:
        top = importlib.metadata.distribution(dist_name).metadata["Name"].replace("-", "_")
        spec = importlib.util.find_spec(top)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            candidate = os.path.join(str(folder), "pulumi-plugin.json")
            if os.path.isfile(candidate):
                found[dist_name] = candidate
                break
    except Exception:
        pass
print(json.dumps(found))
`

// pythonPackage is the dependency one installed distribution declares, or nil.
func pythonPackage(distribution, distVersion, pluginJSONPath string) (*pulumirpc.PackageDependency, error) {
	if pythonWithoutPlugin[distribution] {
		return nil, nil
	}
	var p *plugin.PulumiPluginJSON
	if pluginJSONPath != "" {
		var err error
		if p, err = readPluginJSON(pluginJSONPath); err != nil {
			return nil, fmt.Errorf("failed to parse pulumi-plugin.json for %s: %w", distribution, err)
		}
	}
	if p == nil && !strings.HasPrefix(distribution, "pulumi-") {
		return nil, nil
	}
	version := ""
	if p == nil || p.Version == "" {
		v, err := semverOfPEP440(distVersion)
		if err != nil {
			return nil, nil
		}
		version = v
	}
	dep := packageFromPluginJSON(p, strings.TrimPrefix(distribution, "pulumi-"), version)
	// The python host writes the version with its `v`; the go host leaves it as found.
	if dep != nil && !strings.HasPrefix(dep.Version, "v") {
		dep.Version = "v" + dep.Version
	}
	return dep, nil
}

var pep440 = regexp.MustCompile(`^(\d+(?:\.\d+)*)(?:(a|b|rc)(\d+))?(?:\.post(\d+))?(?:\.dev(\d+))?$`)

// semverOfPEP440 turns the PEP 440 versions Pulumi's SDKs are published with into the plugin's semver:
// 1.2 -> 1.2.0, 1.2.3a4 -> 1.2.3-alpha.4, b -> beta, rc -> rc, .postN/.devN -> +postN/+devN.
func semverOfPEP440(v string) (string, error) {
	m := pep440.FindStringSubmatch(v)
	if m == nil {
		return "", fmt.Errorf("%q is not a version the plugin's can be derived from", v)
	}
	parts := strings.Split(m[1], ".")
	for len(parts) < 3 {
		parts = append(parts, "0")
	}
	out := strings.Join(parts, ".")
	if m[2] != "" {
		out += "-" + map[string]string{"a": "alpha", "b": "beta", "rc": "rc"}[m[2]] + "." + m[3]
	}
	if m[4] != "" || m[5] != "" {
		out += "+"
		if m[4] != "" {
			out += "post" + m[4]
		}
		if m[5] != "" {
			out += "dev" + m[5]
		}
	}
	return out, nil
}

// --- go

// goModule is what `go list -m -json` and `go mod download -json` say of a module.
type goModule struct {
	Path    string
	Version string
	Dir     string
}

// goPackage is the dependency one required module declares, or nil.
func goPackage(m goModule) (*pulumirpc.PackageDependency, error) {
	if m.Dir == "" {
		return nil, nil
	}
	candidates := []string{filepath.Join(m.Dir, "pulumi-plugin.json"), filepath.Join(m.Dir, "go", "pulumi-plugin.json")}
	for _, pattern := range []string{filepath.Join(m.Dir, "go", "*", "pulumi-plugin.json"),
		filepath.Join(m.Dir, "*", "pulumi-plugin.json")} {
		matches, _ := filepath.Glob(pattern)
		candidates = append(candidates, matches...)
	}
	for _, path := range candidates {
		p, err := readPluginJSON(path)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		if !p.Resource {
			return nil, nil
		}
		name := ""
		if segments := strings.Split(m.Path, "/"); len(segments) > 2 {
			if _, after, ok := strings.Cut(segments[2], "-"); ok {
				name = after
			}
		}
		version := ""
		if p.Version == "" {
			v, err := pluginVersionOfModule(m.Version)
			if err != nil {
				return nil, err
			}
			version = v
		}
		return packageFromPluginJSON(p, name, version), nil
	}
	return nil, nil
}

// pluginVersionOfModule: a tagged version as it is; a pseudo-version (a commit after a tag) names the release
// before it, so its patch goes back by one.
func pluginVersionOfModule(v string) (string, error) {
	parsed, err := semver.ParseTolerant(v)
	if err != nil {
		return "", errors.New("module does not have semver compatible version")
	}
	if !module.IsPseudoVersion(v) {
		return v, nil
	}
	if parsed.Major == 0 && parsed.Minor == 0 && parsed.Patch == 0 {
		return "", errors.New("a pseudo-version with no tag before it")
	}
	patch := parsed.Patch
	if patch > 0 {
		patch--
	}
	return fmt.Sprintf("v%d.%d.%d", parsed.Major, parsed.Minor, patch), nil
}

// loadGoMod finds and parses the go.mod of the module holding dir (`go env GOMOD`).
func loadGoMod(ctx context.Context, dir string) (string, *modfile.File, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", nil, fmt.Errorf("go env GOMOD: %w", err)
	}
	path := strings.TrimSpace(string(out))
	if path == "" || path == os.DevNull {
		return "", nil, fmt.Errorf("%s is not in a Go module", dir)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return "", nil, err
	}
	return filepath.Dir(path), f, nil
}

// goModules lists the modules with their folders, downloading those not yet in the module cache.
func goModules(ctx context.Context, dir string, paths []string) ([]goModule, error) {
	listed, err := goJSONStream(ctx, dir, append([]string{"list", "-m", "-json"}, paths...))
	if err != nil {
		return nil, err
	}
	var missing []string
	for _, m := range listed {
		if m.Dir == "" {
			missing = append(missing, m.Path)
		}
	}
	if len(missing) == 0 {
		return listed, nil
	}
	downloaded, err := goJSONStream(ctx, dir, append([]string{"mod", "download", "-json"}, missing...))
	if err != nil {
		return listed, nil
	}
	dirs := map[string]string{}
	for _, m := range downloaded {
		dirs[m.Path] = m.Dir
	}
	for i := range listed {
		if listed[i].Dir == "" {
			listed[i].Dir = dirs[listed[i].Path]
		}
	}
	return listed, nil
}

// goJSONStream runs a go command whose output is a stream of JSON objects.
func goJSONStream(ctx context.Context, dir string, args []string) ([]goModule, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %w", strings.Join(args[:2], " "), err)
	}
	var modules []goModule
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var m goModule
		if err := dec.Decode(&m); err != nil {
			return nil, err
		}
		modules = append(modules, m)
	}
	return modules, nil
}
