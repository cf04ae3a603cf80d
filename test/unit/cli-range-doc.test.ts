// The CLI range the docs state is the one the compat suite runs (test/compat/cli-range.compat.ts): both ends come
// from toolchain/pins.json, so a changed pin fails here until the docs say the same.
import fs from "node:fs";
import path from "node:path";
import { readPins } from "../../toolchain/location";
import { REPO_ROOT } from "../support/self-link";

const { pulumiOldest, pulumi } = readPins();
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), "utf8").replace(/\s+/g, " ");

it.each(["README.md", "docs/compatibility.md"])("%s states the range the compat suite runs", (file) => {
  expect(read(file)).toContain(`${pulumiOldest} to ${pulumi}`);
});

it("the install guide names both ends", () => {
  expect(read("docs/installation-configuration.md")).toContain(`through ${pulumiOldest} and ${pulumi}`);
});

it("no doc claims the old unverified range", () => {
  for (const file of ["README.md", "docs/compatibility.md", "docs/installation-configuration.md"])
    expect(read(file)).not.toMatch(/3\.137 or later/);
});
