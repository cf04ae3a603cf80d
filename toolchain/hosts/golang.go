package main

// The go host. Mirrors sdk/go/pulumi-language-go/main.go (pulumi/pulumi): a program is compiled with `go build`
// into a temporary binary (or a prebuilt `binary` option is used) and run with the engine's details in PULUMI_*
// variables; `go mod tidy` installs, a go.mod replace links a local SDK, code comes from pkg/codegen/go.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	codegen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"golang.org/x/mod/modfile"
)

// goBailCode: the Go SDK exits 32 once it has logged the error (constant.ExitStatusLoggedError).
const goBailCode = 32

type goHost struct{ *base }

// goBinaryOptions: `binary` runs a prebuilt program, `buildTarget` keeps the compiled one (parseOptions).
func goBinaryOptions(info *pulumirpc.ProgramInfo) (binary, buildTarget string, err error) {
	if _, err := readOptions(info, option("binary", &binary), option("buildTarget", &buildTarget)); err != nil {
		return "", "", err
	}
	if binary != "" && buildTarget != "" {
		return "", "", errors.New("binary and buildTarget cannot both be specified")
	}
	return binary, buildTarget, nil
}

// compileGoProgram runs `go build` in the program's folder, saying so through the engine before and after
// (compileProgram in the go host): a first build can take minutes, and the CLI shows the message meanwhile.
func (h *goHost) compileGoProgram(ctx context.Context, dir, out string) (string, error) {
	h.engineLog(ctx, "Compiling the program ...")
	if matches, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(matches) == 0 {
		return "", fmt.Errorf("Failed to find go files for 'go build' matching %s", filepath.Join(dir, "*.go"))
	}
	if out == "" {
		f, err := os.CreateTemp("", "pulumi-go.*")
		if err != nil {
			return "", fmt.Errorf("unable to create go program temp file: %w", err)
		}
		_ = f.Close()
		out = f.Name()
	}
	cmd := exec.Command("go", "build", "-buildvcs=false", "-trimpath", "-ldflags", "-w -s", "-o", out)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("unable to run `go build`: %w", err)
	}
	// `go build -o` of a folder whose package is not main compiles it and writes nothing, leaving the empty temp
	// file; compileProgram checks the output's executable bits (executable.IsExecutable) and says why.
	if info, err := os.Stat(out); err != nil || info.Mode()&0o111 == 0 {
		return "", errors.New("go program is not executable, does your program have a 'main' package?")
	}
	h.engineLog(ctx, "Finished compiling")
	return out, nil
}

// goProgramEnv is the program's environment (constructEnv in the go host): the engine's details in the PULUMI_*
// names sdk/go/pulumi/run.go reads (EnvOrganization, EnvProject, ... EnvEngine), each only when it has a value, so
// PULUMI_CONFIG is unset for a stack with no config.
func (h *goHost) goProgramEnv(req *pulumirpc.RunRequest) ([]string, error) {
	cfg, err := configJSON(req, false)
	if err != nil {
		return nil, err
	}
	env := os.Environ()
	set := func(k, v string) {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	set("PULUMI_ORGANIZATION", req.GetOrganization())
	set("PULUMI_PROJECT", req.GetProject())
	set("PULUMI_ROOT_DIRECTORY", req.GetInfo().GetRootDirectory())
	set("PULUMI_STACK", req.GetStack())
	set("PULUMI_CONFIG", cfg)
	set("PULUMI_CONFIG_SECRET_KEYS", secretKeysJSON(req))
	set("PULUMI_DRY_RUN", strconv.FormatBool(req.GetDryRun()))
	set("PULUMI_PARALLEL", strconv.Itoa(int(req.GetParallel())))
	set("PULUMI_MONITOR", req.GetMonitorAddress())
	set("PULUMI_ENGINE", h.engineAddress)
	return env, nil
}

// Run (Run, constructEnv and runProgram in the go host): refused before the host knows the engine; the program
// runs under the Cancel RPC (base.Cancel).
func (h *goHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if err := h.requireHandshake("Run"); err != nil {
		return nil, err
	}
	binary, buildTarget, err := goBinaryOptions(req.Info)
	if err != nil {
		return nil, err
	}
	env, err := h.goProgramEnv(req)
	if err != nil {
		return nil, fmt.Errorf("failed to prepare environment: %w", err)
	}
	program := binary
	if program != "" {
		if program, err = exec.LookPath(binary); err != nil {
			return nil, fmt.Errorf("unable to find '%s' executable: %w", binary, err)
		}
	} else {
		if program, err = h.compileGoProgram(ctx, req.Info.ProgramDirectory, buildTarget); err != nil {
			return nil, fmt.Errorf("error in compiling Go: %w", err) // errutil.ErrorWithStderr in Run
		}
		if buildTarget == "" {
			defer os.Remove(program)
		}
	}
	cmd := h.commandUnderCancel(ctx, program)
	cmd.Dir = req.Pwd
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return exitResponse(cmd.Run(), goBailCode, goExit), nil
}

// Handshake: the go host refuses one without the engine's address ("Must contain address in request", Handshake
// in the go host); the nodejs and python hosts take it as given.
func (h *goHost) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req == nil || req.EngineAddress == "" {
		return nil, errors.New("Must contain address in request")
	}
	return h.base.Handshake(ctx, req)
}

// RunPlugin compiles a Go plugin folder and runs it with the engine's environment (RunPlugin in the go host).
func (h *goHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer,
) error {
	if err := h.requireHandshake("RunPlugin"); err != nil {
		return err
	}
	program, err := h.compileGoProgram(server.Context(), req.Info.ProgramDirectory, "")
	if err != nil {
		return err
	}
	defer os.Remove(program)
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()
	cmd := exec.CommandContext(server.Context(), program, req.Args...)
	cmd.Dir = req.Pwd
	cmd.Env = req.Env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return server.Send(&pulumirpc.RunPluginResponse{
				Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(exitErr.ExitCode())},
			})
		}
		return err
	}
	return closer.Close()
}

// GetRequiredPackages lists the plugins the modules go.mod requires declare in pulumi-plugin.json (discovery.go
// says how, after GetRequiredPackages in the go host). A program outside a module, or a module that cannot be
// listed, has none: the real host logs and answers an empty list there too.
func (h *goHost) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	packages := []*pulumirpc.PackageDependency{}
	modDir, gomod, err := loadGoMod(ctx, req.Info.ProgramDirectory)
	if err != nil || len(gomod.Require) == 0 {
		return &pulumirpc.GetRequiredPackagesResponse{Packages: packages}, nil
	}
	paths := make([]string, len(gomod.Require))
	for i, r := range gomod.Require {
		paths[i] = r.Mod.Path
	}
	modules, err := goModules(ctx, modDir, paths)
	if err != nil {
		return &pulumirpc.GetRequiredPackagesResponse{Packages: packages}, nil
	}
	for _, m := range modules {
		if dep, err := goPackage(m); err == nil && dep != nil {
			packages = append(packages, dep)
		}
	}
	return &pulumirpc.GetRequiredPackagesResponse{Packages: packages}, nil
}

// GetProgramDependencies lists go.mod's requirements, the indirect ones only when asked, with no version for a
// module a replace points elsewhere (GetProgramDependencies in the go host); `pulumi about` prints them.
func (h *goHost) GetProgramDependencies(ctx context.Context, req *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	_, gomod, err := loadGoMod(ctx, req.Info.ProgramDirectory)
	if err != nil {
		return nil, fmt.Errorf("load go.mod: %w", err)
	}
	return &pulumirpc.GetProgramDependenciesResponse{
		Dependencies: goModDependencies(gomod, req.TransitiveDependencies),
	}, nil
}

func goModDependencies(gomod *modfile.File, transitive bool) []*pulumirpc.DependencyInfo {
	replaced := map[string]bool{}
	for _, r := range gomod.Replace {
		replaced[strings.TrimRight(r.Old.Path, "/")] = true
	}
	deps := []*pulumirpc.DependencyInfo{}
	for _, r := range gomod.Require {
		if r.Indirect && !transitive {
			continue
		}
		version := r.Mod.Version
		if replaced[strings.TrimRight(r.Mod.Path, "/")] {
			version = ""
		}
		deps = append(deps, &pulumirpc.DependencyInfo{Name: r.Mod.Path, Version: version})
	}
	return deps
}

// InstallDependencies is `go mod tidy` (InstallDependencies in the go host).
func (h *goHost) InstallDependencies(req *pulumirpc.InstallDependenciesRequest,
	server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	closer, stdout, stderr, err := rpcutil.MakeInstallDependenciesStreams(server, req.IsTerminal)
	if err != nil {
		return err
	}
	defer closer.Close()
	fmt.Fprintln(stdout, "Installing dependencies...")
	cmd := exec.Command("go", "mod", "tidy", "-compat=1.18")
	cmd.Dir = req.Info.ProgramDirectory
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("`go mod tidy` failed to install dependencies: %w", err)
	}
	fmt.Fprintln(stdout, "Finished installing dependencies")
	return closer.Close()
}

// About: the go on PATH and what `go version` says (About in the go host).
func (h *goHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	goexe, v, err := lookupVersion(ctx, "go", "version")
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{Executable: goexe, Version: v, Metadata: standInMetadata(nil)}, nil
}

// Link adds a `replace <module> => ./<sdk path>` to the program's go.mod for each SDK (Link in the go host).
func (h *goHost) Link(ctx context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	loaderClient, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loaderClient.Close()
	loader := schema.NewCachedLoader(loaderClient)

	replaces := map[string]string{}
	var imports strings.Builder
	for _, dep := range req.Packages {
		if dep.Package.Name == "pulumi" {
			replaces["github.com/pulumi/pulumi/sdk/v3"] = dep.Path
			continue
		}
		_, pkg, err := linkedPackage(ctx, loader, dep, "go", codegen.Importer)
		if err != nil {
			return nil, err
		}
		modulePath := ""
		if info, ok := pkg.Language["go"].(codegen.GoPackageInfo); ok {
			modulePath = info.ModulePath
			if modulePath == "" && info.ImportBasePath != "" {
				modulePath = path.Dir(info.ImportBasePath)
			}
		}
		if modulePath == "" {
			modulePath = codegen.ExtractModulePath(pkg.Reference())
		}
		target := dep.Path
		if !strings.HasPrefix(target, "./") && !filepath.IsAbs(target) {
			target = "./" + target
		}
		replaces[modulePath] = target
		fmt.Fprintf(&imports, "    %q\n", codegen.ExtractImportBasePath(pkg.Reference()))
	}

	gomodPath := filepath.Join(req.Info.ProgramDirectory, "go.mod")
	stat, err := os.Stat(gomodPath)
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", gomodPath, err)
	}
	data, err := os.ReadFile(gomodPath)
	if err != nil {
		return nil, fmt.Errorf("reading go.mod: %w", err)
	}
	gomod, err := modfile.Parse(gomodPath, data, nil)
	if err != nil {
		return nil, fmt.Errorf("go.mod parse: %w", err)
	}
	for module, target := range replaces {
		if err := gomod.AddReplace(module, "", target, ""); err != nil {
			return nil, fmt.Errorf("could not add replace statement: %w", err)
		}
	}
	if data, err = gomod.Format(); err != nil {
		return nil, fmt.Errorf("formatting go.mod: %w", err)
	}
	if err := os.WriteFile(gomodPath, data, stat.Mode().Perm()); err != nil {
		return nil, fmt.Errorf("writing go.mod: %w", err)
	}
	return &pulumirpc.LinkResponse{
		ImportInstructions: "You can import the SDK in your Go code with:\n\n  import (\n" + imports.String() + "  )\n",
	}, nil
}

type goCodegen struct{}

func (goCodegen) bindOptions() []pcl.BindOption {
	return []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
}

func (goCodegen) program(p *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	return codegen.GenerateProgram(p)
}

func (goCodegen) project(dir string, project workspace.Project, p *pcl.Program, deps map[string]string) error {
	return codegen.GenerateProject(dir, project, p, deps)
}

func (goCodegen) sdk(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, _ schema.ReferenceLoader,
) (map[string][]byte, error) {
	if len(req.ExtraFiles) > 0 {
		return nil, errors.New("overlays are not supported for Go")
	}
	return codegen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
}
