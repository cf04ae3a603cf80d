// The plugin writes the protocol's signature strings itself (loading the SDK's runtime for them would slow its
// start); they must be the SDK's.
import * as pulumi from "@pulumi/pulumi";
import { RESOURCE_SIG, SECRET_SIG, SIG_KEY, rewrap, unwrap } from "../../src/plugin/wire-values";

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
