package main

// The nodejs host. Mirrors sdk/nodejs/cmd/pulumi-language-nodejs/main.go (pulumi/pulumi): programs run as
// `node <program's @pulumi/pulumi>/cmd/run <flags> <entry point>`, plugin folders as `node .../cmd/run-plugin
// <folder>`, dependencies and links go through sdk/nodejs/npm, code through pkg/codegen/nodejs.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/blang/semver"
	"github.com/google/shlex"
	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/cgstrings"
	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/fsutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/nodejs/npm"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// nodeBailCode: @pulumi/pulumi exits with 32 after it has shown the user an actionable message, and the host
// then reports nothing more (nodeJSProcessExitedAfterShowingUserActionableMessage in the nodejs host).
const nodeBailCode = 32

type nodejsHost struct {
	*base
	// runtime is the -runtime flag's: nodejs (programs run with node) or bun.
	runtime string
}

// runtimeExecutable is the program the runtime runs JavaScript with (Run in the nodejs host).
func (h *nodejsHost) runtimeExecutable() string {
	if h.runtime == "bun" {
		return "bun"
	}
	return "node"
}

type nodeOptions struct {
	typescript     bool
	tsconfig       string
	nodeargs       string
	packagemanager npm.PackageManagerType
	production     bool
}

// parseNodeOptions reads the Pulumi.yaml runtime options the nodejs host knows (parseOptions there);
// typescript defaults to true. Under bun, which runs TypeScript itself and is its own package manager, typescript,
// tsconfig and nodeargs are ignored and the package manager is bun.
func parseNodeOptions(info *pulumirpc.ProgramInfo, runtime string) (nodeOptions, error) {
	opts := nodeOptions{typescript: true, packagemanager: npm.AutoPackageManager}
	var packagemanager string
	given, err := readOptions(info,
		option("typescript", &opts.typescript),
		option("tsconfig", &opts.tsconfig),
		option("nodeargs", &opts.nodeargs),
		option("production", &opts.production),
		option("packagemanager", &packagemanager),
	)
	if err != nil {
		return opts, err
	}
	if given["packagemanager"] {
		switch packagemanager {
		case "auto", "npm", "yarn", "pnpm", "bun":
			opts.packagemanager = npm.PackageManagerType(packagemanager)
		default:
			return opts, fmt.Errorf("packagemanager option must be one of auto, npm, yarn, pnpm or bun, got %q",
				packagemanager)
		}
	}
	if runtime == "bun" {
		opts.typescript, opts.tsconfig, opts.nodeargs = false, "", ""
		opts.packagemanager = npm.BunPackageManager
	}
	return opts, nil
}

// typescriptEnv is how the runner learns to register ts-node (PULUMI_NODEJS_TYPESCRIPT) and which tsconfig to use.
func (o nodeOptions) typescriptEnv() []string {
	var env []string
	if o.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if o.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+o.tsconfig)
	}
	return env
}

// locateModule resolves a module from the program's folder with node's own resolution (locateModule in the
// nodejs host), so the runner is the program's @pulumi/pulumi, whatever its package manager's layout.
func locateModule(module, dir, node, installHint string) (string, error) {
	script := fmt.Sprintf(`try { console.log(require.resolve(%q)); } catch (error) { `+
		`if (error.code === "MODULE_NOT_FOUND") { console.error("It looks like the Pulumi SDK has not been `+
		`installed. Have you run %s?"); } else { console.error(error.message); } process.exit(1); }`,
		module, installHint)
	cmd := exec.Command(node, "-e", script)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return "", errors.New(strings.TrimSpace(string(exitErr.Stderr)))
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// Run starts the program under @pulumi/pulumi's runner (Run, execRuntime and constructArguments in the nodejs
// host). Pulumi's host puts a forwarding proxy in front of the resource monitor and adds --sync pipes for
// synchronous invokes; this one hands the runner the engine's monitor address directly.
func (h *nodejsHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if err := h.requireHandshake("Run"); err != nil {
		return nil, err
	}
	node, err := exec.LookPath(h.runtimeExecutable())
	if err != nil {
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("could not find %s on the $PATH: %s", h.runtimeExecutable(), err.Error()),
		}, nil
	}
	if h.runtime == "bun" {
		if err := checkBunSDKVersion(ctx, req.Info.ProgramDirectory); err != nil {
			return &pulumirpc.RunResponse{Error: err.Error()}, nil
		}
	}
	opts, err := parseNodeOptions(req.Info, h.runtime)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	runPath := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH")
	if runPath == "" {
		runPath = "@pulumi/pulumi/cmd/run"
	}
	runPath, err = locateModule(runPath, req.Info.ProgramDirectory, node, "pulumi install")
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	cfg, err := configJSON(req, true)
	if err != nil {
		return &pulumirpc.RunResponse{Error: "failed to serialize configuration: " + err.Error()}, nil
	}

	args, err := shlex.Split(opts.nodeargs)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	if h.runtime == "bun" {
		args = append([]string{"run"}, args...)
	}
	args = append(args, runPath)
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.engineAddress)
	flag("organization", req.GetOrganization())
	flag("project", req.GetProject())
	flag("root-directory", req.GetInfo().GetRootDirectory())
	flag("stack", req.GetStack())
	flag("pwd", req.Info.ProgramDirectory)
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	flag("parallel", strconv.Itoa(int(req.GetParallel())))
	flag("tracing", h.tracing)
	args = append(args, req.Info.EntryPoint)
	args = append(args, req.GetArgs()...)

	env := append(os.Environ(), "PULUMI_CONFIG="+cfg, "PULUMI_CONFIG_SECRET_KEYS="+secretKeysJSON(req))
	env = append(env, opts.typescriptEnv()...)

	// Stopped by the request's end or the Cancel RPC: an interrupt, then a kill 5 s later (base.Cancel).
	cmd := h.commandUnderCancel(ctx, node, args...)
	// node may switch its stdio to non-blocking; wrapping os.Stdout keeps it a pipe the runtime cannot touch
	// (runWithOutput in the nodejs host explains this).
	cmd.Stdout = struct{ io.Writer }{os.Stdout}
	cmd.Stderr = struct{ io.Writer }{os.Stderr}
	cmd.Env = env
	err = cmd.Run()
	_ = os.Stdout.Sync()
	_ = os.Stderr.Sync()
	return exitResponse(err, nodeBailCode, nodejsExit), nil
}

// RunPlugin runs a Node.js plugin folder (PulumiPlugin.yaml, runtime nodejs) with @pulumi/pulumi's
// cmd/run-plugin, in the environment the engine sends, output streamed back to it (RunPlugin in the nodejs host).
func (h *nodejsHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer,
) error {
	if err := h.requireHandshake("Run"); err != nil { // connectToEngine's words, as RunPlugin there uses it
		return err
	}
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	if h.runtime == "bun" {
		if err := checkBunSDKVersion(server.Context(), req.Info.ProgramDirectory); err != nil {
			return err
		}
	}
	node, err := exec.LookPath(h.runtimeExecutable())
	if err != nil {
		return err
	}
	opts, err := parseNodeOptions(req.Info, h.runtime)
	if err != nil {
		return err
	}
	if req.Kind == "analyzer" {
		return errors.New("policy packs are not supported by pulumi-posthog's stand-in nodejs host")
	}
	runPath := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH")
	if runPath == "" {
		runPath = "@pulumi/pulumi/cmd/run-plugin"
	}
	runPath, err = locateModule(runPath, req.Info.ProgramDirectory, node, "npm install in "+req.Info.ProgramDirectory)
	if err != nil {
		return err
	}
	nodeargs, err := shlex.Split(opts.nodeargs)
	if err != nil {
		return err
	}
	var args []string
	if h.runtime == "bun" {
		args = []string{"run"}
	}
	args = append(args, runPath)
	args = append(args, nodeargs...)
	args = append(args, req.Info.ProgramDirectory)
	args = append(args, req.Args...)

	cmd := exec.CommandContext(server.Context(), node, args...)
	cmd.Dir = req.Pwd
	cmd.Env = append(req.Env, opts.typescriptEnv()...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return fmt.Errorf("Program exited with non-zero exit code: %d", exitErr.ExitCode())
		}
		return fmt.Errorf("Problem executing plugin program (could not run language executor): %w", err)
	}
	return closer.Close()
}

// GetRequiredPackages lists the packages under node_modules whose package.json says
// `"pulumi": {"resource": true}` (getPackagesFromDir in the nodejs host), so the engine can load their plugins.
func (h *nodejsHost) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	packages := nodePackagesIn(req.Info.ProgramDirectory, false, map[string]bool{})
	return &pulumirpc.GetRequiredPackagesResponse{Packages: packages}, nil
}

func nodePackagesIn(dir string, inNodeModules bool, seen map[string]bool) []*pulumirpc.PackageDependency {
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil || seen[dir] {
		return nil
	}
	seen[dir] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var found []*pulumirpc.PackageDependency
	for _, entry := range entries {
		path := filepath.Join(dir, entry.Name())
		isDir := entry.IsDir()
		if entry.Type()&fs.ModeSymlink != 0 {
			if info, err := os.Stat(path); err == nil {
				isDir = info.IsDir()
			}
		}
		if isDir {
			// Policy packs carry their own plugins, which the program does not need.
			if pack, _ := workspace.DetectPolicyPackPathAt(path); pack != "" {
				continue
			}
			found = append(found, nodePackagesIn(path, inNodeModules || filepath.Base(dir) == "node_modules", seen)...)
			continue
		}
		if !inNodeModules || entry.Name() != "package.json" {
			continue
		}
		if dep := nodePluginOf(path); dep != nil {
			found = append(found, dep)
		}
	}
	return found
}

// nodePluginOf reads one package.json's plugin declaration (getPackageInfo, getPluginName, getPluginVersion).
func nodePluginOf(path string) *pulumirpc.PackageDependency {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var manifest struct {
		Name    string                  `json:"name"`
		Version string                  `json:"version"`
		Pulumi  plugin.PulumiPluginJSON `json:"pulumi"`
	}
	if json.Unmarshal(data, &manifest) != nil || !manifest.Pulumi.Resource {
		return nil
	}
	name := manifest.Pulumi.Name
	if name == "" && strings.HasPrefix(manifest.Name, "@pulumi/") {
		name = strings.TrimPrefix(manifest.Name, "@pulumi/")
	}
	v := manifest.Pulumi.Version
	if v == "" {
		v = manifest.Version
	}
	if name == "" || v == "" {
		return nil
	}
	if !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	dep := &pulumirpc.PackageDependency{Name: name, Kind: "resource", Version: v, Server: manifest.Pulumi.Server}
	if p := manifest.Pulumi.Parameterization; p != nil {
		dep.Parameterization = &pulumirpc.PackageParameterization{Name: p.Name, Version: p.Version, Value: p.Value}
	}
	return dep
}

// InstallDependencies runs the program's package manager (npm ci/install, yarn, pnpm) from its workspace root
// (InstallDependencies in the nodejs host).
func (h *nodejsHost) InstallDependencies(req *pulumirpc.InstallDependenciesRequest,
	server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	closer, stdout, stderr, err := rpcutil.MakeInstallDependenciesStreams(server, req.IsTerminal)
	if err != nil {
		return err
	}
	defer closer.Close()
	opts, err := parseNodeOptions(req.Info, h.runtime)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "Installing dependencies...")
	root := req.Info.ProgramDirectory
	if ws, err := npm.FindWorkspaceRoot(root); err == nil {
		fmt.Fprintf(stdout, "Detected workspace root at %s\n", ws)
		root = ws
	} else if !errors.Is(err, npm.ErrNotInWorkspace) {
		return fmt.Errorf("failure while trying to find workspace root: %w", err)
	}
	if _, err := npm.Install(server.Context(), opts.packagemanager, root, opts.production, stdout, stderr); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "Finished installing dependencies")
	return closer.Close()
}

// About: the runtime's executable and version, the package manager the program resolves to and its version, and
// the TypeScript the program would load (About in the nodejs host). A package manager that is named but missing is
// refused ("could not resolve packagemanager").
func (h *nodejsHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	opts, err := parseNodeOptions(req.GetInfo(), h.runtime)
	if err != nil {
		return nil, fmt.Errorf("failed to parse options: %w", err)
	}
	dir := req.GetInfo().GetProgramDirectory()
	pm, err := npm.ResolvePackageManager(opts.packagemanager, dir)
	if err != nil {
		return nil, fmt.Errorf("could not resolve packagemanager: %w", err)
	}
	runtimeBin, runtimeVersion, err := lookupVersion(ctx, h.runtimeExecutable(), "--version")
	if err != nil {
		return nil, err
	}
	metadata := map[string]string{"packagemanager": pm.Name()}
	if v, err := pm.Version(); err == nil {
		metadata["packagemanagerVersion"] = v.String()
	} else {
		metadata["packagemanagerVersion"] = ""
	}
	typescript := exec.CommandContext(ctx, runtimeBin, "-e", "console.log(require('typescript/package.json').version)")
	typescript.Dir = dir
	if out, err := typescript.Output(); err == nil {
		metadata["typescriptVersion"] = strings.TrimSpace(string(out))
	}
	return &pulumirpc.AboutResponse{
		Executable: runtimeBin,
		Version:    runtimeVersion,
		Metadata:   standInMetadata(metadata),
	}, nil
}

// minBunSDK is the oldest @pulumi/pulumi the bun runtime runs (minBunPulumiSDKVersion in the nodejs host).
var minBunSDK = semver.MustParse("3.226.0")

// checkBunSDKVersion refuses to run a program under bun whose installed @pulumi/pulumi is older than minBunSDK
// (checkPulumiSDKVersion in the nodejs host); bun itself missing is refused as the package manager it is.
func checkBunSDKVersion(ctx context.Context, dir string) error {
	pm, err := npm.ResolvePackageManager(npm.BunPackageManager, dir)
	if err != nil {
		return fmt.Errorf("could not resolve package manager: %w", err)
	}
	packages, err := pm.ListPackages(ctx, dir, true)
	if err != nil {
		return nil // the real host skips the check then
	}
	for _, p := range packages {
		if v, err := semver.Parse(p.Version); p.Name == "@pulumi/pulumi" && err == nil && v.LT(minBunSDK) {
			return fmt.Errorf("the bun runtime requires @pulumi/pulumi >= %s, but %s is installed; ensure all "+
				"copies of @pulumi/pulumi are updated to >= %s and re-run `pulumi install`", minBunSDK, v, minBunSDK)
		}
	}
	return nil
}

// GetProgramDependencies lists the program's packages through its package manager (GetProgramDependencies in the
// nodejs host, with its wording for a package manager that cannot be resolved).
func (h *nodejsHost) GetProgramDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	opts, err := parseNodeOptions(req.Info, h.runtime)
	if err != nil {
		return nil, fmt.Errorf("failed to parse options: %w", err)
	}
	pm, err := npm.ResolvePackageManager(opts.packagemanager, req.Info.ProgramDirectory)
	if err != nil {
		return nil, fmt.Errorf("failed to determine package manager: %w", err)
	}
	packages, err := pm.ListPackages(ctx, req.Info.ProgramDirectory, req.TransitiveDependencies)
	if err != nil {
		return nil, fmt.Errorf("failed to get node dependencies: %w", err)
	}
	deps := make([]*pulumirpc.DependencyInfo, len(packages))
	for i, p := range packages {
		deps[i] = &pulumirpc.DependencyInfo{Name: p.Name, Version: p.Version}
	}
	return &pulumirpc.GetProgramDependenciesResponse{Dependencies: deps}, nil
}

// Link adds each generated SDK to the program's package.json as a local dependency through its package manager
// (`npm pkg set dependencies.<name>=file:<path>` for npm), and says how to import it (Link in the nodejs host).
func (h *nodejsHost) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	opts, err := parseNodeOptions(req.Info, h.runtime)
	if err != nil {
		return nil, err
	}
	loaderClient, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loaderClient.Close()
	loader := schema.NewCachedLoader(loaderClient)
	pm, err := npm.ResolvePackageManager(opts.packagemanager, req.Info.ProgramDirectory)
	if err != nil {
		return nil, err
	}

	typescript := opts.typescript || opts.tsconfig != ""
	if !typescript {
		if _, err := fsutil.Searchup(req.Info.ProgramDirectory, "tsconfig.json"); err == nil {
			typescript = true
		}
	}
	modules := typescript
	if !modules {
		if p, err := npm.SearchupPackageManifest(req.Info.ProgramDirectory); err == nil {
			if data, _, err := npm.ReadPackageManifest(filepath.Dir(p)); err == nil && data["type"] == "module" {
				modules = true
			}
		}
	}

	var imports strings.Builder
	for _, dep := range req.Packages {
		ref, pkg, err := linkedPackage(ctx, loader, dep, "nodejs", codegen.Importer)
		if err != nil {
			return nil, err
		}
		name := nodePackageName(pkg)
		if err := pm.Link(ctx, req.Info.ProgramDirectory, name, dep.Path); err != nil {
			return nil, err
		}
		local := cgstrings.Camel(ref.Name())
		if modules {
			fmt.Fprintf(&imports, "  import * as %s from %q;\n", local, name)
		} else {
			fmt.Fprintf(&imports, "  const %s = require(%q);\n", local, name)
		}
	}
	lang := "JavaScript"
	if typescript {
		lang = "TypeScript"
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "You can import the SDK in your " + lang + " code with:\n\n" + imports.String(),
	}, nil
}

// nodePackageName is the npm name of a generated SDK: the schema's language.nodejs.packageName, else
// @<namespace>/<name>, else @pulumi/<name> (getNodeJSPkgName in the nodejs host).
func nodePackageName(pkg *schema.Package) string {
	if info, ok := pkg.Language["nodejs"].(codegen.NodePackageInfo); ok && info.PackageName != "" {
		return info.PackageName
	}
	if pkg.Namespace != "" {
		return "@" + pkg.Namespace + "/" + pkg.Name
	}
	return "@pulumi/" + pkg.Name
}

type nodejsCodegen struct{}

func (nodejsCodegen) bindOptions() []pcl.BindOption {
	return []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
}

func (nodejsCodegen) program(p *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	return codegen.GenerateProgramWithOptions(p, codegen.ProgramOptions{Runtime: "nodejs"})
}

func (nodejsCodegen) project(dir string, project workspace.Project, p *pcl.Program, deps map[string]string) error {
	return codegen.GenerateProject(dir, project, p, deps, false /*forceTsc*/, "nodejs")
}

func (nodejsCodegen) sdk(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, loader schema.ReferenceLoader,
) (map[string][]byte, error) {
	return codegen.GeneratePackage("pulumi-language-nodejs", pkg, req.ExtraFiles, req.LocalDependencies, req.Local,
		loader)
}
