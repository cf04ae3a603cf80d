package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// What Debian's Maven 3.8.7 prints on stdout for `mvn ... exec:java -DmainClass=com.pulumi.bootstrap.internal.Main
// -DmainArgs=packages` on the Java quickstart: the bootstrap's JSON, then a colour reset.
const mavenBootstrapOutput = `[{"resource":true,"name":"posthog-iac","version":"0.1.0",` +
	`"server":"github://api.github.com/pulumi-posthog/pulumi-posthog"}]` + "\n\x1b[0m\x1b[0m"

func TestBootstrapPackagesSurviveTrailingTerminalCodes(t *testing.T) {
	plugins, err := parseBootstrapPackages(mavenBootstrapOutput)
	if err != nil {
		t.Fatal(err)
	}
	if len(plugins) != 1 || plugins[0].Name != "posthog-iac" || plugins[0].Version != "0.1.0" ||
		!plugins[0].Resource || plugins[0].Server != "github://api.github.com/pulumi-posthog/pulumi-posthog" {
		t.Fatalf("got %+v", plugins)
	}
	dep := packageFromPluginJSON(&plugins[0], "", "")
	if dep == nil || dep.Name != "posthog-iac" || dep.Version != "0.1.0" || dep.Kind != "resource" {
		t.Fatalf("package: %+v", dep)
	}
	if _, err := parseBootstrapPackages("\x1b[0m"); err == nil {
		t.Fatal("output without JSON parsed")
	}
}

// writeFileIn is real_hosts_test.go's writeFile, making the file's folder first.
func writeFileIn(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, text, mode)
}

// NewJavaExecutor's order: a jar named by `binary`, then Maven (pom.xml, ./mvnw before mvn), then Gradle from the
// nearest folder with a settings file; nothing recognisable is an error.
func TestJavaExecutorOrder(t *testing.T) {
	bin := t.TempDir()
	for _, tool := range []string{"java", "mvn", "gradle"} {
		writeFileIn(t, filepath.Join(bin, tool), "#!/bin/sh\n", 0o755)
	}
	t.Setenv("PATH", bin)

	dir := t.TempDir()
	if _, err := configureJavaExecutor(dir, "", ""); err == nil ||
		!strings.HasPrefix(err.Error(), "failed to configure executor, tried: jar, maven, gradle") {
		t.Fatalf("empty folder: %v", err)
	}

	writeFileIn(t, filepath.Join(dir, "pom.xml"), "<project/>", 0o644)
	e, err := configureJavaExecutor(dir, "", "")
	if err != nil || e.cmd != filepath.Join(bin, "mvn") ||
		strings.Join(e.runArgs, " ") != mavenQuiet+" --no-transfer-progress compile exec:java" ||
		!strings.Contains(strings.Join(e.pluginArgs, " "), "-DmainClass=com.pulumi.bootstrap.internal.Main -DmainArgs=packages") {
		t.Fatalf("maven: %+v %v", e, err)
	}

	writeFileIn(t, filepath.Join(dir, "mvnw"), "#!/bin/sh\n", 0o755)
	if e, _ := configureJavaExecutor(dir, "", ""); e == nil || e.cmd != filepath.Join(dir, "mvnw") {
		t.Fatalf("mvnw: %+v", e)
	}

	e, err = configureJavaExecutor(dir, "target/app.jar", "")
	if err != nil || e.cmd != filepath.Join(bin, "java") || strings.Join(e.runArgs, " ") != "-jar target/app.jar" ||
		e.buildArgs != nil {
		t.Fatalf("jar: %+v %v", e, err)
	}

	root := t.TempDir()
	writeFileIn(t, filepath.Join(root, "settings.gradle"), "", 0o644)
	program := filepath.Join(root, "app")
	writeFileIn(t, filepath.Join(program, "build.gradle"), "", 0o644)
	e, err = configureJavaExecutor(program, "", "")
	if err != nil || e.cmd != filepath.Join(bin, "gradle") || e.dir != root ||
		strings.Join(e.runArgs, " ") != ":app:run --console=plain" {
		t.Fatalf("gradle: %+v %v", e, err)
	}
}

// runCommand's wording in the real host: the command's path, then its argv (whose first element is the path).
func TestJavaFailureWording(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatal(err)
	}
	err = runJavaCommand(exec.Command(sh, "-c", "exit 3"))
	want := "'" + sh + " " + sh + " -c exit 3' exited with non-zero exit code: 3"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}
