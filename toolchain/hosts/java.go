package main

// The java host. Mirrors pulumi-java's pkg/cmd/pulumi-language-java/main.go and pkg/internal/executors (read at
// pulumi-java v0.11.0, the josephglanville/pulumi-java fork at 93a76b5e, and at pulumi/pulumi-java's main.go and
// executor_*.go): a program is run through an "executor", the build tool of its folder, which compiles it and runs
// its main class; the same tool runs the Java SDK's bootstrap (com.pulumi.bootstrap.internal.Main packages) to list
// the plugins the program's classpath declares. Java code generation lives in pulumi-java (pkg/codegen/java), which
// no module the proxy serves holds, so GeneratePackage, GenerateProgram, GenerateProject and Link are not offered:
// the SDK is generated with pulumi-java-gen (docs/contributing/java.md).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// bootstrapMain is the Java SDK's entry point that prints the classpath's plugins as JSON
// (sdk/java/pulumi/src/main/java/com/pulumi/bootstrap/internal/Main.java, PulumiPlugins.fromClasspath).
const bootstrapMain = "com.pulumi.bootstrap.internal.Main"

type javaHost struct {
	*base
	// binary and useExecutor as given on the command line (-binary, -use-executor: main in the v0.11.0 host);
	// the program's runtime options, which CLI v3.274.1 sends in ProgramInfo.Options, take precedence.
	binary      string
	useExecutor string
}

// javaExecutor is how a program's folder is built, run and asked for its plugins (JavaExecutor in
// pkg/internal/executors/executor.go). buildArgs nil: the executor cannot build (a jar).
type javaExecutor struct {
	cmd        string
	dir        string
	buildArgs  []string
	runArgs    []string
	pluginArgs []string
}

// javaOptions are the runtime options the executors read: `binary` (a jar to run) and `use-executor`.
func (h *javaHost) javaOptions(info *pulumirpc.ProgramInfo) (binary, useExecutor string, err error) {
	binary, useExecutor = h.binary, h.useExecutor
	if _, err := readOptions(info, option("binary", &binary), option("use-executor", &useExecutor)); err != nil {
		return "", "", err
	}
	return binary, useExecutor, nil
}

// lookupJavaPath finds the first of the candidates: one with a slash relative to dir, any other on PATH
// (fsys.LookPath and osDirFS.LookPath in pkg/internal/fsys).
func lookupJavaPath(dir string, candidates ...string) (string, error) {
	var last error
	for _, c := range candidates {
		name := c
		if strings.Contains(c, "/") && !filepath.IsAbs(c) {
			name = filepath.Join(dir, c)
		}
		found, err := exec.LookPath(name)
		if err == nil {
			return found, nil
		}
		last = err
	}
	return "", fmt.Errorf("could not find %s on the $PATH: %w", strings.Join(candidates, ", "), last)
}

func fileIn(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name))
	return err == nil
}

// mavenLogArgs: the v0.11.0 host's Maven arguments start with the SDK's log level (executor_maven.go).
const mavenQuiet = "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"

// configureJavaExecutor picks the executor as NewJavaExecutor does (pkg/internal/executors/executor.go): a jar
// when `binary` names one, then Maven (pom.xml, or a use-executor naming mvn), then Gradle (a settings.gradle,
// settings.gradle.kts, build.gradle or build.gradle.kts, or a use-executor naming gradle). The real host goes on
// to JBang and sbt, which the stand-in leaves out (neither is on this machine).
func configureJavaExecutor(dir, binary, useExecutor string) (*javaExecutor, error) {
	// jarexec (executor_jar.go): `java -jar <binary>`; plugins from the jar's classpath; no build.
	if binary != "" && strings.ToLower(filepath.Ext(binary)) == ".jar" {
		java, err := lookupJavaPath(dir, "java")
		if err != nil {
			return nil, err
		}
		jar := filepath.Clean(binary)
		return &javaExecutor{
			cmd:        java,
			runArgs:    []string{"-jar", jar},
			pluginArgs: []string{"-cp", jar, bootstrapMain, "packages"},
		}, nil
	}
	// maven (executor_maven.go): ./mvnw, else mvn; `compile exec:java`, the bootstrap through exec:java's
	// mainClass and mainArgs, the SDK's log moved to stderr so stdout is the JSON.
	if strings.Contains(useExecutor, "mvn") || fileIn(dir, "pom.xml") {
		probe := []string{useExecutor}
		if useExecutor == "" {
			probe = []string{"./mvnw", "mvn"}
		}
		mvn, err := lookupJavaPath(dir, probe...)
		if err != nil {
			return nil, err
		}
		return &javaExecutor{
			cmd:       mvn,
			buildArgs: []string{mavenQuiet, "--no-transfer-progress", "compile"},
			runArgs:   []string{mavenQuiet, "--no-transfer-progress", "compile", "exec:java"},
			pluginArgs: []string{"-Dorg.slf4j.simpleLogger.logFile=System.err", "--no-transfer-progress",
				"compile", "exec:java", "-DmainClass=" + bootstrapMain, "-DmainArgs=packages"},
		}, nil
	}
	// gradle (executor_gradle.go): run from the nearest folder up with a settings file, the program's folder as
	// a subproject of it; ./gradlew, else gradle.
	gradleMarkers := []string{"settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts"}
	isGradle := strings.Contains(useExecutor, "gradle")
	for _, m := range gradleMarkers {
		isGradle = isGradle || fileIn(dir, m)
	}
	if isGradle {
		root, subproject := dir, ""
		for d, sub := dir, ""; ; {
			if fileIn(d, "settings.gradle") || fileIn(d, "settings.gradle.kts") {
				root, subproject = d, sub
				break
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			sub = ":" + filepath.Base(d) + sub
			d = parent
		}
		probe := []string{useExecutor}
		if useExecutor == "" {
			probe = []string{"./gradlew", "gradle"}
		}
		gradle, err := lookupJavaPath(root, probe...)
		if err != nil {
			return nil, err
		}
		task := func(t string) string {
			if subproject == "" {
				return t
			}
			return subproject + ":" + t
		}
		return &javaExecutor{
			cmd:       gradle,
			dir:       root,
			buildArgs: []string{task("build"), "--console=plain"},
			runArgs:   []string{task("run"), "--console=plain"},
			pluginArgs: []string{"-q", task("run"), "--console=plain", "-PmainClass=" + bootstrapMain,
				"--args=packages"},
		}, nil
	}
	return nil, errors.New("failed to configure executor, tried: jar, maven, gradle " +
		"(pulumi-posthog's stand-in leaves out the real host's jbang and sbt)")
}

// executorFor is the program folder's executor.
func (h *javaHost) executorFor(info *pulumirpc.ProgramInfo) (*javaExecutor, error) {
	binary, useExecutor, err := h.javaOptions(info)
	if err != nil {
		return nil, err
	}
	dir := info.GetProgramDirectory()
	if dir == "" {
		if dir, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	e, err := configureJavaExecutor(dir, binary, useExecutor)
	if err != nil {
		return nil, err
	}
	if e.dir == "" {
		e.dir = dir
	}
	return e, nil
}

// runJavaCommand runs a command and words its failure as the real host's runCommand does
// (pkg/cmd/pulumi-language-java/command.go): `'<path> <args, the first being the command again>' exited with
// non-zero exit code: N`.
func runJavaCommand(cmd *exec.Cmd) error {
	commandStr := strings.Join(cmd.Args, " ")
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok {
				return fmt.Errorf("'%v %v' exited with non-zero exit code: %d", cmd.Path, commandStr, ws.ExitStatus())
			}
			return fmt.Errorf("'%v %v' exited unexpectedly: %w", cmd.Path, commandStr, exitErr)
		}
		return fmt.Errorf("Problem executing '%v %v': %w", cmd.Path, commandStr, err)
	}
	return nil
}

// javaProgramEnv is constructEnv of the real host: the engine's details as PULUMI_<NAME>, each only when it has a
// value; the config as sent (keys `<namespace>:<name>`), its secret keys ("[]" when none).
func (h *javaHost) javaProgramEnv(req *pulumirpc.RunRequest) ([]string, error) {
	cfg, err := configJSON(req, false)
	if err != nil {
		return nil, fmt.Errorf("failed to serialize configuration: %w", err)
	}
	env := os.Environ()
	set := func(k, v string) {
		if v != "" {
			env = append(env, strings.ToUpper("PULUMI_"+k)+"="+v)
		}
	}
	set("monitor", req.GetMonitorAddress())
	set("engine", h.engineAddress)
	set("project", req.GetProject())
	set("stack", req.GetStack())
	set("pwd", req.GetPwd())
	set("dry_run", fmt.Sprintf("%v", req.GetDryRun()))
	set("query_mode", fmt.Sprint(req.GetQueryMode()))
	set("parallel", fmt.Sprint(req.GetParallel()))
	set("tracing", h.tracing)
	set("config", cfg)
	set("config_secret_keys", secretKeysJSON(req))
	return env, nil
}

// Run (Run in the real host): the executor's run command in the program's folder. Its output is held and shown
// only when it fails, with the failure worded by runJavaCommand; the real host has no bail code.
func (h *javaHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	if err := h.requireHandshake("Run"); err != nil {
		return nil, err
	}
	env, err := h.javaProgramEnv(req)
	if err != nil {
		return nil, err
	}
	e, err := h.executorFor(req.GetInfo())
	if err != nil {
		return nil, err
	}
	cmd := h.commandUnderCancel(ctx, e.cmd, e.runArgs...)
	cmd.Dir = e.dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := runJavaCommand(cmd); err != nil {
		_, _ = os.Stdout.Write(stdout.Bytes())
		_, _ = os.Stderr.Write(stderr.Bytes())
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// terminalCodes are ANSI escape sequences (CSI ... final byte). Debian's Maven 3.8.7 writes a colour reset
// (ESC[0m) to stdout after the program's output even in quiet runs; the v0.11.0 host hands stdout whole to
// json.Unmarshal, which fails on it, and then reports no plugins at all (determinePulumiPackages logs and returns
// an empty list). The stand-in drops the codes and reads the first JSON value.
var terminalCodes = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]`)

// parseBootstrapPackages reads what `com.pulumi.bootstrap.internal.Main packages` printed: one JSON array of
// PulumiPluginJSON (PulumiPlugin.java: resource, name, version, server).
func parseBootstrapPackages(stdout string) ([]plugin.PulumiPluginJSON, error) {
	clean := terminalCodes.ReplaceAllString(stdout, "")
	start := strings.Index(clean, "[")
	if start < 0 {
		return nil, fmt.Errorf("no JSON array in the bootstrap's output: %q", stdout)
	}
	var plugins []plugin.PulumiPluginJSON
	if err := json.NewDecoder(strings.NewReader(clean[start:])).Decode(&plugins); err != nil {
		return nil, err
	}
	return plugins, nil
}

// javaPackages runs the executor's plugin command and lists the resource plugins it names (GetRequiredPlugins
// and determinePulumiPackages in the real host): a failure is advisory and gives no plugins.
func (h *javaHost) javaPackages(ctx context.Context, info *pulumirpc.ProgramInfo) []*pulumirpc.PackageDependency {
	packages := []*pulumirpc.PackageDependency{}
	e, err := h.executorFor(info)
	if err != nil {
		return packages
	}
	cmd := exec.CommandContext(ctx, e.cmd, e.pluginArgs...)
	cmd.Dir = e.dir
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, io.Discard
	if err := runJavaCommand(cmd); err != nil {
		return packages
	}
	plugins, err := parseBootstrapPackages(stdout.String())
	if err != nil {
		return packages
	}
	for i := range plugins {
		if dep := packageFromPluginJSON(&plugins[i], "", ""); dep != nil {
			packages = append(packages, dep)
		}
	}
	return packages
}

// GetRequiredPackages: what CLI v3.274.1 asks; the v0.11.0 host answers only the older GetRequiredPlugins, which
// the CLI falls back to. Both give the same list.
func (h *javaHost) GetRequiredPackages(ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{Packages: h.javaPackages(ctx, req.GetInfo())}, nil
}

// InstallDependencies runs the executor's build (`mvn ... compile`); a jar has none (InstallDependencies in the
// real host).
func (h *javaHost) InstallDependencies(req *pulumirpc.InstallDependenciesRequest,
	server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	e, err := h.executorFor(req.GetInfo())
	if err != nil {
		return err
	}
	if e.buildArgs == nil {
		return nil
	}
	closer, stdout, stderr, err := rpcutil.MakeInstallDependenciesStreams(server, req.IsTerminal)
	if err != nil {
		return err
	}
	defer closer.Close()
	cmd := exec.Command(e.cmd, e.buildArgs...)
	cmd.Dir = e.dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := runJavaCommand(cmd); err != nil {
		return err
	}
	return closer.Close()
}

// GetProgramDependencies: the real host lists none ("TODO: Implement dependency fetcher for Java").
func (h *javaHost) GetProgramDependencies(context.Context, *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

// About: java on PATH and `java --version` (failing without java), javac's version ("unknown" without it), the
// first line of `mvn --version` and Gradle's version line when they run (About in the real host).
func (h *javaHost) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	java, v, err := lookupVersion(ctx, "java", "--version")
	if err != nil {
		return nil, fmt.Errorf("could not find executable 'java': %w", err)
	}
	metadata := map[string]string{"java": strings.Split(java, "\n")[0], "javac": "unknown"}
	if _, javac, err := lookupVersion(ctx, "javac", "--version"); err == nil && javac != "" {
		metadata["javac"] = strings.TrimPrefix(javac, "javac ")
	}
	if _, mvn, err := lookupVersion(ctx, "mvn", "--version"); err == nil && mvn != "" {
		metadata["maven"] = terminalCodes.ReplaceAllString(strings.Split(mvn, "\n")[0], "")
	}
	if _, gradle, err := lookupVersion(ctx, "gradle", "--version"); err == nil {
		for _, line := range strings.Split(gradle, "\n") {
			if strings.HasPrefix(line, "Gradle") {
				metadata["gradle"] = strings.TrimPrefix(line, "Gradle ")
				break
			}
		}
	}
	return &pulumirpc.AboutResponse{Executable: java, Version: v, Metadata: standInMetadata(metadata)}, nil
}

// RunPlugin: a provider written in Java is not run by the v0.11.0 host either.
func (h *javaHost) RunPlugin(*pulumirpc.RunPluginRequest, pulumirpc.LanguageRuntime_RunPluginServer) error {
	return status.Errorf(codes.Unimplemented, "method RunPlugin not implemented")
}

func javaCodegenMissing(rpc string) error {
	return status.Errorf(codes.Unimplemented, "%s for Java is not in pulumi-posthog's stand-in host: Java code "+
		"generation is pulumi-java's (pkg/codegen/java), which the Go module proxy does not serve; "+
		"see docs/contributing/java.md", rpc)
}

func (h *javaHost) GeneratePackage(context.Context, *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return nil, javaCodegenMissing("GeneratePackage")
}

func (h *javaHost) GenerateProgram(context.Context, *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	return nil, javaCodegenMissing("GenerateProgram")
}

func (h *javaHost) GenerateProject(context.Context, *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	return nil, javaCodegenMissing("GenerateProject")
}
