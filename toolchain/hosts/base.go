package main

// What the three hosts share: the handshake, plugin info, and the code generation RPCs, which in Pulumi's hosts
// are the same few steps around a language's generator (GeneratePackage, GenerateProgram and GenerateProject in
// each of sdk/nodejs/cmd/pulumi-language-nodejs/main.go, sdk/python/cmd/pulumi-language-python/main.go and
// sdk/go/pulumi-language-go/main.go).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	hclsyntax "github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/config"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/emptypb"
)

// languageCodegen is one language's generators from pkg/v3/codegen, as its host calls them.
type languageCodegen interface {
	// bindOptions are the PCL bind options the host adds for program generation.
	bindOptions() []pcl.BindOption
	program(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
	project(dir string, project workspace.Project, program *pcl.Program, localDeps map[string]string) error
	sdk(pkg *schema.Package, req *pulumirpc.GeneratePackageRequest, loader schema.ReferenceLoader) (
		map[string][]byte, error)
}

type base struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	language      string
	engineAddress string
	tracing       string
	cancel        chan bool
	gen           languageCodegen

	// programs ends with the Cancel RPC: the programs a host runs are started under it (nodejs; see Cancel).
	programs       context.Context
	cancelPrograms context.CancelFunc
}

func newBase(engineAddress, tracing string) *base {
	programs, cancelPrograms := context.WithCancel(context.Background())
	return &base{
		engineAddress:  engineAddress,
		tracing:        tracing,
		cancel:         make(chan bool),
		programs:       programs,
		cancelPrograms: cancelPrograms,
	}
}

// engineLog sends an ephemeral info message through the engine's log service, the way the go host reports its
// compile (compileProgram in sdk/go/pulumi-language-go/main.go: "Compiling the program ..." then "Finished
// compiling"). The CLI shows it on the stack's row while the step lasts. A failure to log is not the program's.
func (b *base) engineLog(ctx context.Context, message string) {
	if b.engineAddress == "" {
		return
	}
	conn, err := grpc.NewClient(b.engineAddress,
		grpc.WithTransportCredentials(insecure.NewCredentials()), rpcutil.GrpcChannelOptions())
	if err != nil {
		return
	}
	defer conn.Close()
	_, _ = pulumirpc.NewEngineClient(conn).Log(ctx, &pulumirpc.LogRequest{
		Severity:  pulumirpc.LogSeverity_INFO,
		Message:   message,
		Ephemeral: true,
	})
}

func (b *base) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
}

// Handshake: the engine tells a host started by itself (not by the CLI) where the engine is; Pulumi's hosts then
// watch the engine's health as main does.
func (b *base) Handshake(ctx context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	b.engineAddress = req.EngineAddress
	hctx, cancel := context.WithCancel(context.Background())
	if err := rpcutil.Healthcheck(hctx, b.engineAddress, 5*time.Minute, cancel); err != nil {
		cancel()
		return nil, fmt.Errorf("could not start health check host RPC server: %w", err)
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

// Cancel: the engine asks the host to stop what it runs (Ctrl-C at the CLI). Each of Pulumi's hosts cancels the
// context its programs run under (Cancel, with the cmdCtx of execRuntime in sdk/nodejs/cmd/pulumi-language-nodejs/
// main.go, the runCmdCtx of Run in sdk/python/cmd/pulumi-language-python/main.go, and the cmdCtx of Run and
// runProgram in sdk/go/pulumi-language-go/main.go): the program gets an interrupt at once, and is killed 5 s later
// if it has not exited (exec.Cmd.WaitDelay). The stand-ins run every program under b.programs the same way
// (programContext and stopGently).
func (b *base) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	b.cancelPrograms()
	return &emptypb.Empty{}, nil
}

// programStopDelay is how long a program has to exit after its interrupt before it is killed (cmd.WaitDelay in
// each of Pulumi's hosts).
const programStopDelay = 5 * time.Second

// programContext ends when the request ends or the Cancel RPC arrives, whichever comes first.
func (b *base) programContext(ctx context.Context) context.Context {
	cmdCtx, cmdCancel := context.WithCancel(b.programs)
	context.AfterFunc(ctx, cmdCancel)
	return cmdCtx
}

// stopGently makes a command's context end it as Pulumi's hosts end a program: an interrupt, then a kill
// programStopDelay later.
func stopGently(cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
	cmd.WaitDelay = programStopDelay
}

// commandUnderCancel makes a command that ends when the request ends or the Cancel RPC arrives (programContext),
// stopped gently (stopGently).
func (b *base) commandUnderCancel(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(b.programContext(ctx), name, args...)
	stopGently(cmd)
	return cmd
}

// requireHandshake refuses to run a program before the host knows the engine: a host the CLI starts gets the
// engine's address on its command line, one started by a debugger or the Automation API through Handshake. Pulumi's
// hosts refuse the same way (connectToEngine in the nodejs and python hosts; Run and RunPlugin in the go host).
func (b *base) requireHandshake(rpc string) error {
	if b.engineAddress == "" {
		return errors.New("when debugging or running explicitly, must call Handshake before " + rpc)
	}
	return nil
}

// lookupVersion finds an executable on PATH and what `<executable> <versionArgs>` prints, trimmed ("" when that
// fails: Pulumi's hosts do not fail About for a version they cannot read).
func lookupVersion(ctx context.Context, executableName string, versionArgs ...string) (string, string, error) {
	path, err := exec.LookPath(executableName)
	if err != nil {
		return "", "", fmt.Errorf("could not find executable %q: %w", executableName, err)
	}
	out, err := exec.CommandContext(ctx, path, versionArgs...).Output()
	if err != nil {
		return path, "", nil
	}
	return path, strings.TrimSpace(string(out)), nil
}

// standInMetadata adds the note that says these are stand-ins to an About answer's metadata.
func standInMetadata(metadata map[string]string) map[string]string {
	if metadata == nil {
		metadata = map[string]string{}
	}
	metadata["languageHost"] = standInNote
	return metadata
}

// configJSON is the stack's config as the SDKs read it from PULUMI_CONFIG. nodejs wants the old key form
// <namespace>:config:<name> and "{}" when there is none (constructConfig in the nodejs host); python and go take the
// keys as sent, and "" when there is none, which leaves PULUMI_CONFIG unset (constructConfig in the python and go
// hosts).
func configJSON(req *pulumirpc.RunRequest, oldKeyForm bool) (string, error) {
	cfg := req.GetConfig()
	if cfg == nil {
		if oldKeyForm {
			return "{}", nil
		}
		return "", nil
	}
	out := make(map[string]string, len(cfg))
	for k, v := range cfg {
		if !oldKeyForm {
			out[k] = v
			continue
		}
		key, err := config.ParseKey(k)
		if err != nil {
			return "", err
		}
		out[key.Namespace()+":config:"+key.Name()] = v
	}
	data, err := json.Marshal(out)
	return string(data), err
}

// secretKeysJSON is PULUMI_CONFIG_SECRET_KEYS: the config keys whose values are secrets.
func secretKeysJSON(req *pulumirpc.RunRequest) string {
	keys := req.GetConfigSecretKeys()
	if keys == nil {
		keys = []string{}
	}
	data, _ := json.Marshal(keys)
	return string(data)
}

// exitWording is how a host words a program's failure in its RunResponse.
type exitWording struct {
	// nonZero takes the exit code (-1 for a program ended by a signal).
	nonZero string
	// notRun takes the error of a program that could not be started or waited for.
	notRun string
}

var (
	// execRuntime in the nodejs host.
	nodejsExit = exitWording{
		nonZero: "Program exited with non-zero exit code: %d",
		notRun:  "Problem executing program (could not run language executor): %v",
	}
	// Run in the python host.
	pythonExit = exitWording{
		nonZero: "program exited with non-zero exit code: %d",
		notRun:  "problem executing program (could not run language executor): %v",
	}
	// runProgram and runCmdStatus in the go host.
	goExit = exitWording{
		nonZero: "program exited with non-zero exit code: %d",
		notRun:  "command errored unexpectedly: %v",
	}
)

// exitResponse turns a program's end into the RunResponse Pulumi's hosts give; a program that already printed an
// actionable message exits with bailCode and gets Bail instead.
func exitResponse(err error, bailCode int, wording exitWording) *pulumirpc.RunResponse {
	if err == nil {
		return &pulumirpc.RunResponse{}
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		code := exitErr.ExitCode()
		if code == bailCode {
			return &pulumirpc.RunResponse{Bail: true}
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(wording.nonZero, code)}
	}
	return &pulumirpc.RunResponse{Error: fmt.Sprintf(wording.notRun, err)}
}

// GeneratePackage: bind the schema the engine sends and write the language's SDK into req.Directory.
func (b *base) GeneratePackage(ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	loaderClient, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loaderClient.Close()
	loader := schema.NewCachedLoader(loaderClient)

	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(spec, loader, schema.ValidationOptions{AllowDanglingReferences: true})
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
	}
	files, err := b.gen.sdk(pkg, req, loader)
	if err != nil {
		return nil, err
	}
	if err := writeFiles(req.Directory, files); err != nil {
		return nil, err
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: rpcDiags}, nil
}

// GenerateProgram: parse and bind the PCL the engine sends (for `pulumi import` and `pulumi convert`) and return
// the language's source files.
func (b *base) GenerateProgram(ctx context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loaderClient, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loaderClient.Close()

	parser := hclsyntax.NewParser()
	for path, contents := range req.Source {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	opts := b.gen.bindOptions()
	if !req.Strict {
		opts = append(opts, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loaderClient), opts...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	if program == nil {
		return nil, errors.New("internal error: the bound program is nil")
	}
	files, genDiags, err := b.gen.program(program)
	if err != nil {
		return nil, err
	}
	rpcDiags = append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(genDiags)...)
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: rpcDiags}, nil
}

// GenerateProject: bind a directory of PCL and write a whole project (Pulumi.yaml, dependencies, source).
func (b *base) GenerateProject(ctx context.Context, req *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	loaderClient, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loaderClient.Close()

	opts := b.gen.bindOptions()
	if !req.Strict {
		opts = append(opts, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindDirectory(req.SourceDirectory, schema.NewCachedLoader(loaderClient), opts...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProjectResponse{Diagnostics: rpcDiags}, nil
	}
	var project workspace.Project
	if err := json.Unmarshal([]byte(req.Project), &project); err != nil {
		return nil, err
	}
	if err := b.gen.project(req.TargetDirectory, project, program, req.LocalDependencies); err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{Diagnostics: rpcDiags}, nil
}

func writeFiles(dir string, files map[string][]byte) error {
	for name, data := range files {
		out := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(out), 0o700); err != nil {
			return fmt.Errorf("could not create output directory %s: %w", filepath.Dir(out), err)
		}
		if err := os.WriteFile(out, data, 0o600); err != nil {
			return fmt.Errorf("could not write output file %s: %w", out, err)
		}
	}
	return nil
}

// linkedPackage loads the schema of a package `pulumi package add` is linking, the way each host's Link does,
// with the language's importer applied so its language section is typed.
func linkedPackage(ctx context.Context, loader schema.ReferenceLoader, dep *pulumirpc.LinkRequest_LinkDependency,
	language string, importer schema.Language,
) (schema.PackageReference, *schema.Package, error) {
	desc := &schema.PackageDescriptor{Name: dep.Package.Name, DownloadURL: dep.Package.Server}
	if v, err := semver.New(dep.Package.Version); err == nil {
		desc.Version = v
	}
	if p := dep.Package.Parameterization; p != nil {
		desc.Parameterization = &schema.ParameterizationDescriptor{Name: p.Name, Value: p.Value}
		if v, err := semver.New(p.Version); err == nil {
			desc.Parameterization.Version = *v
		}
	}
	ref, err := schema.LoadPackageReferenceV2(ctx, loader, desc)
	if err != nil {
		return nil, nil, err
	}
	pkg, err := ref.Definition()
	if err != nil {
		return nil, nil, err
	}
	if err := pkg.ImportLanguages(map[string]schema.Language{language: importer}); err != nil {
		return nil, nil, err
	}
	return ref, pkg, nil
}
