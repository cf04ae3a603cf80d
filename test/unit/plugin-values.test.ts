// The plugin writes the protocol's signature strings itself (loading the SDK's runtime for them would slow its
// start); they must be the SDK's.
import * as pulumi from "@pulumi/pulumi";
import {
  RESOURCE_SIG,
  SECRET_SIG,
  SIG_KEY,
  rewrap,
  unwrap,
  withoutNulls,
} from "../../src/plugin/wire-values";

test("the signature strings are the SDK's", () => {
  expect([SIG_KEY, SECRET_SIG, RESOURCE_SIG]).toEqual([
    pulumi.runtime.specialSigKey,
    pulumi.runtime.specialSecretSig,
    pulumi.runtime.specialResourceSig,
  ]);
});

test("secrets are unwrapped at any depth and marked again on their top-level key; references become ids", () => {
  const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });
  const { plain, secretKeys } = unwrap({
    message: secret("hi"),
    nested: { deep: [secret(1)] },
    flag: { [SIG_KEY]: RESOURCE_SIG, urn: "urn:x", id: "42" },
    name: "plain",
  });
  expect(plain).toEqual({ message: "hi", nested: { deep: [1] }, flag: "42", name: "plain" });
  expect([...secretKeys].sort()).toEqual(["message", "nested"]);
  expect(rewrap({ message: "hi", nested: { deep: [1] }, name: "plain" }, secretKeys)).toEqual({
    message: secret("hi"),
    nested: secret({ deep: [1] }),
    name: "plain",
  });
});

test("a function's answer leaves out every null-valued key, at any depth, and keeps list items in place", () => {
  expect(
    withoutNulls({
      projectId: "1",
      surveys: [
        { name: "a", appearance: null, questions: [{ type: "open", link: null }] },
        { name: "b", appearance: { backgroundColor: "#fff", position: null } },
      ],
      next: null,
      flags: [1, null, 2],
    }),
  ).toEqual({
    projectId: "1",
    surveys: [
      { name: "a", questions: [{ type: "open" }] },
      { name: "b", appearance: { backgroundColor: "#fff" } },
    ],
    flags: [1, null, 2],
  });
});
