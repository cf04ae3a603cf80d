// sourceTree (test/support/source-tree.ts): a folder's files as git sees them, so the SDK regeneration test is not
// failed by what a build left behind.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sourceTree } from "../support/source-tree";

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

it("lists tracked and new files, and leaves out what .gitignore ignores (a pip install's build/ and *.egg-info)", () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), "source-tree-"));
  try {
    execFileSync("git", ["init", "-q"], { cwd: repo });
    // The repository's own rules for sdk/python (.gitignore).
    write(repo, ".gitignore", "sdk/python/build/\nsdk/python/*.egg-info/\n");
    write(repo, "sdk/python/setup.py", "setup()\n");
    write(repo, "sdk/python/pulumi_x/__init__.py", "tracked\n");
    execFileSync("git", ["add", "-A"], { cwd: repo });
    write(repo, "sdk/python/pulumi_x/new.py", "not yet added\n");
    write(repo, "sdk/python/build/lib/pulumi_x/__init__.py", "a build's copy\n");
    write(repo, "sdk/python/pulumi_x.egg-info/PKG-INFO", "Name: pulumi_x\n");
    expect(sourceTree(path.join(repo, "sdk", "python"))).toEqual({
      "pulumi_x/__init__.py": "tracked\n",
      "pulumi_x/new.py": "not yet added\n",
      "setup.py": "setup()\n",
    });
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
});
