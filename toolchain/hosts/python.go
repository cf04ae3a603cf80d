package main

// The python host. Mirrors sdk/python/cmd/pulumi-language-python/main.go (pulumi/pulumi): programs run as
// `<python of the program's toolchain> pulumi-language-python-exec <flags> <entry point>`, the exec script
// sitting beside the host; virtualenvs, pip/poetry/uv and linking go through sdk/python/toolchain, code through
// pkg/codegen/python.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"github.com/pulumi/pulumi/sdk/v3/python/toolchain"
)

// pythonBailCode: the Python SDK exits 32 after showing an actionable message (as nodejs does).
const pythonBailCode = 32

type pythonHost struct {
	*base
	// execScript is pulumi-language-python-exec, the SDK's entry script, which must sit beside the host.
	execScript string
}

// newPythonHost finds the exec script: the -use-executor flag's, else the one beside the host (main in the python
// host).
func newPythonHost(b *base, useExecutor string) (*pythonHost, error) {
	if useExecutor != "" {
		return &pythonHost{base: b, execScript: useExecutor}, nil
	}
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("could not determine current executable: %w", err)
	}
	script := filepath.Join(filepath.Dir(self), "pulumi-language-python-exec")
	if _, err := os.Stat(script); err != nil {
		return nil, fmt.Errorf("missing executor %s: %w", script, err)
	}
	return &pythonHost{base: b, execScript: script}, nil
}

// pythonOptions reads the runtime options (parseOptions in the python host): virtualenv, typechecker (mypy or
// pyright, run before the program), toolchain (pip, poetry, uv). A plugin without an explicit environment gets
// `venv`.
func pythonOptions(info *pulumirpc.ProgramInfo, isPlugin bool) (toolchain.PythonOptions, error) {
	opts := toolchain.PythonOptions{Root: info.RootDirectory, ProgramDir: info.ProgramDirectory}
	var typechecker, tc string
	given, err := readOptions(info,
		option("virtualenv", &opts.Virtualenv),
		option("typechecker", &typechecker),
		option("toolchain", &tc),
	)
	if err != nil {
		return opts, err
	}
	if given["typechecker"] {
		switch typechecker {
		case "mypy":
			opts.Typechecker = toolchain.TypeCheckerMypy
		case "pyright":
			opts.Typechecker = toolchain.TypeCheckerPyright
		default:
			return opts, fmt.Errorf("unsupported typechecker option: %s", typechecker)
		}
	}
	if given["toolchain"] {
		switch tc {
		case "pip":
			opts.Toolchain = toolchain.Pip
		case "poetry":
			opts.Toolchain = toolchain.Poetry
		case "uv":
			opts.Toolchain = toolchain.Uv
		default:
			return opts, fmt.Errorf("unsupported toolchain option: %s", tc)
		}
	}
	if isPlugin && (opts.Toolchain == toolchain.Pip || opts.Toolchain == toolchain.Auto) && opts.Virtualenv == "" {
		opts.Virtualenv = "venv"
	}
	return opts, nil
}

// programToolchain is the python toolchain (pip, poetry or uv, with its virtualenv) a program's options name.
func programToolchain(info *pulumirpc.ProgramInfo) (toolchain.Toolchain, error) {
	opts, err := pythonOptions(info, false)
	if err != nil {
		return nil, err
	}
	return toolchain.ResolveToolchain(opts)
}

// pythonProgramEnv adds the stack's config to the program's environment (Run and constructConfig in the python
// host): PULUMI_CONFIG only when the stack has config, PULUMI_CONFIG_SECRET_KEYS always.
func pythonProgramEnv(env []string, req *pulumirpc.RunRequest) ([]string, error) {
	cfg, err := configJSON(req, false)
	if err != nil {
		return nil, fmt.Errorf("failed to serialize configuration: %w", err)
	}
	if cfg != "" {
		env = append(env, "PULUMI_CONFIG="+cfg)
	}
	return append(env, "PULUMI_CONFIG_SECRET_KEYS="+secretKeysJSON(req)), nil
}

// Run (Run and constructArguments in the python host): refused before the host knows the engine; the type checker
// first when one is set; the program under the Cancel RPC (base.Cancel).
func (h *pythonHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if err := h.requireHandshake("Run"); err != nil {
		return nil, err
	}
	opts, err := pythonOptions(req.Info, false)
	if err != nil {
		return nil, err
	}
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return nil, err
	}
	if err := tc.ValidateVenv(ctx); err != nil {
		return nil, err
	}
	args := []string{h.execScript}
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.engineAddress)
	flag("project", req.GetProject())
	flag("root_directory", req.GetInfo().GetRootDirectory())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	flag("dry_run", strconv.FormatBool(req.GetDryRun()))
	flag("parallel", strconv.Itoa(int(req.GetParallel())))
	flag("tracing", h.tracing)
	flag("organization", req.GetOrganization())
	args = append(args, req.Info.EntryPoint)
	args = append(args, req.GetArgs()...)
	cmd, err := tc.Command(h.programContext(ctx), args...)
	if err != nil {
		return nil, err
	}
	stopGently(cmd)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	if cmd.Env, err = pythonProgramEnv(env, req); err != nil {
		return nil, err
	}
	if err := typecheck(ctx, tc, opts, req.Info.ProgramDirectory); err != nil {
		return nil, err
	}
	err = cmd.Run()
	_ = os.Stdout.Sync()
	_ = os.Stderr.Sync()
	return exitResponse(err, pythonBailCode, pythonExit), nil
}

// typecheck runs the typechecker option's checker on the program's folder, as the python host's Run does before
// the program: `python -m mypy --exclude <virtualenv> <folder>` or `python -m pyright <folder>`, refused with the
// install hint when it is not installed (checkForPackage), its output in the error when it fails.
func typecheck(ctx context.Context, tc toolchain.Toolchain, opts toolchain.PythonOptions, dir string) error {
	var name string
	switch opts.Typechecker {
	case toolchain.TypeCheckerMypy:
		name = "mypy"
	case toolchain.TypeCheckerPyright:
		name = "pyright"
	default:
		return nil
	}
	args := []string{"-m", name}
	if name == "mypy" {
		venv, err := tc.VirtualEnvPath(ctx)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, venv)
		if err != nil {
			return err
		}
		args = append(args, "--exclude", rel)
	}
	installed, err := tc.ListPackages(ctx, true)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(installed, func(p plugin.DependencyInfo) bool { return p.Name == name }) {
		hint := fmt.Sprintf("Please install it using `poetry add %s`.", name)
		if opts.Toolchain != toolchain.Poetry {
			hint = fmt.Sprintf("Please add an entry for %s to requirements.txt and run `%s`", name,
				opts.Virtualenv+"/bin/pip install -r requirements.txt")
		}
		return fmt.Errorf("The typechecker option is set to %s, but %s is not installed. %s", name, name, hint)
	}
	cmd, err := tc.Command(ctx, append(args, dir)...)
	if err != nil {
		return err
	}
	var output bytes.Buffer
	cmd.Stdout = io.MultiWriter(os.Stdout, &output)
	cmd.Stderr = io.MultiWriter(os.Stderr, &output)
	cmd.Dir = dir
	if err := cmd.Run(); err != nil {
		if output.Len() > 0 {
			return fmt.Errorf("%s failed: %w\n%s", name, err, output.String())
		}
		return fmt.Errorf("%s failed: %w", name, err)
	}
	return nil
}

// GetRequiredPackages lists the plugins the program's installed distributions declare in pulumi-plugin.json
// (discovery.go says how, after GetRequiredPackages in the python host).
func (h *pythonHost) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	tc, err := programToolchain(req.Info)
	if err != nil {
		return nil, err
	}
	if err := tc.EnsureVenv(ctx, req.Info.ProgramDirectory, false, true, os.Stderr, os.Stderr); err != nil {
		return nil, err
	}
	installed, err := tc.ListPackages(ctx, true /* transitive */)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(installed))
	for i, p := range installed {
		names[i] = p.Name
	}
	paths := map[string]string{}
	if len(names) > 0 {
		if cmd, err := tc.Command(ctx, append([]string{"-c", pluginJSONFinder}, names...)...); err == nil {
			if out, err := cmd.Output(); err == nil {
				if err := json.Unmarshal(out, &paths); err != nil {
					return nil, fmt.Errorf("failed to parse pulumi-plugin.json paths: %w", err)
				}
			}
		}
	}
	packages := []*pulumirpc.PackageDependency{}
	for _, p := range installed {
		dep, err := pythonPackage(p.Name, p.Version, paths[p.Name])
		if err != nil {
			return nil, err
		}
		if dep != nil {
			packages = append(packages, dep)
		}
	}
	return &pulumirpc.GetRequiredPackagesResponse{Packages: packages}, nil
}

// InstallDependencies creates the virtualenv and installs requirements through the resolved toolchain
// (InstallDependencies in the python host).
func (h *pythonHost) InstallDependencies(req *pulumirpc.InstallDependenciesRequest,
	server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	opts, err := pythonOptions(req.Info, req.IsPlugin)
	if err != nil {
		return err
	}
	closer, stdout, stderr, err := rpcutil.MakeInstallDependenciesStreams(server, req.IsTerminal)
	if err != nil {
		return err
	}
	defer closer.Close()
	fmt.Fprintln(stdout, "Installing dependencies...")
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return err
	}
	if err := tc.InstallDependencies(server.Context(), req.Info.ProgramDirectory, req.UseLanguageVersionTools,
		true /*showOutput*/, stdout, stderr); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "Finished installing dependencies")
	return closer.Close()
}

// About: the interpreter of the program's toolchain and virtualenv, with the toolchain's name and version and the
// type checker (About in the python host); without program info, pip's default python.
func (h *pythonHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	opts := toolchain.PythonOptions{Toolchain: toolchain.Pip}
	if req.GetInfo() != nil {
		var err error
		if opts, err = pythonOptions(req.Info, false); err != nil {
			return nil, err
		}
	}
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return nil, err
	}
	info, err := tc.About(ctx)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: info.PythonExecutable,
		Version:    info.PythonVersion.String(),
		Metadata: standInMetadata(map[string]string{
			"toolchain":        toolchain.Name(opts.Toolchain),
			"toolchainVersion": info.ToolchainVersion.String(),
			"typechecker":      toolchain.TypeCheckerName(opts.Typechecker),
		}),
	}, nil
}

func (h *pythonHost) GetProgramDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	tc, err := programToolchain(req.Info)
	if err != nil {
		return nil, err
	}
	packages, err := tc.ListPackages(ctx, req.TransitiveDependencies)
	if err != nil {
		return nil, fmt.Errorf("failed to get python dependencies: %w", err)
	}
	deps := make([]*pulumirpc.DependencyInfo, len(packages))
	for i, p := range packages {
		deps[i] = &pulumirpc.DependencyInfo{Name: p.Name, Version: p.Version}
	}
	return &pulumirpc.GetProgramDependenciesResponse{Dependencies: deps}, nil
}

// Link adds each generated SDK to the program's requirements (pip: a path line in requirements.txt; poetry and
// uv: a path dependency in pyproject.toml) through the toolchain (Link in the python host).
func (h *pythonHost) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	opts, err := pythonOptions(req.Info, false)
	if err != nil {
		return nil, err
	}
	loaderClient, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loaderClient.Close()
	loader := schema.NewCachedLoader(loaderClient)

	packages := map[string]string{}
	var imports strings.Builder
	for _, dep := range req.Packages {
		if dep.Package.Name == "pulumi" {
			packages["pulumi"] = dep.Path
			continue
		}
		ref, pkg, err := linkedPackage(ctx, loader, dep, "python", codegen.Importer)
		if err != nil {
			return nil, err
		}
		importName, packageName := "", ""
		if info, ok := pkg.Language["python"].(codegen.PackageInfo); ok && info.PackageName != "" {
			importName, packageName = info.PackageName, info.PackageName
		}
		if importName == "" {
			importName = strings.ReplaceAll(ref.Name(), "-", "_")
		}
		if packageName == "" {
			packageName = codegen.PyPack(ref.Namespace(), ref.Name())
		}
		packages[packageName] = dep.Path
		fmt.Fprintf(&imports, "  import %s as %s\n", packageName, importName)
	}

	// Before `pulumi install` has converted requirements.txt for poetry or uv, link into requirements.txt.
	if opts.Toolchain != toolchain.Pip {
		if _, err := os.Stat(filepath.Join(req.Info.ProgramDirectory, "pyproject.toml")); os.IsNotExist(err) {
			if _, err := os.Stat(filepath.Join(req.Info.ProgramDirectory, "requirements.txt")); os.IsNotExist(err) {
				return nil, fmt.Errorf("no pyproject.toml or requirements.txt found in %s", req.Info.ProgramDirectory)
			}
			opts.Toolchain = toolchain.Pip
		}
	}
	tc, err := toolchain.ResolveToolchain(opts)
	if err != nil {
		return nil, err
	}
	if err := tc.LinkPackages(ctx, packages); err != nil {
		return nil, fmt.Errorf("linking packages: %w", err)
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "You can import the SDK in your Python code with:\n\n" + imports.String(),
	}, nil
}

type pythonCodegen struct{}

func (pythonCodegen) bindOptions() []pcl.BindOption { return nil }

func (pythonCodegen) program(p *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	return codegen.GenerateProgram(p)
}

func (pythonCodegen) project(dir string, project workspace.Project, p *pcl.Program, deps map[string]string) error {
	return codegen.GenerateProject(dir, project, p, deps, "" /*typechecker*/, "" /*toolchain*/)
}

func (pythonCodegen) sdk(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, loader schema.ReferenceLoader,
) (map[string][]byte, error) {
	return codegen.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, loader)
}
