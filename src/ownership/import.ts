// What `pulumi import` needs from a provider: its Read with only an id (pulumi/pulumi
// pkg/resource/deploy/step.go, ImportStep.Apply: no inputs, no state) must return the inputs that declare the
// object and outputs such that the next preview of that declaration shows no change. Each resource builds the
// inputs as `pulumi-posthog export` writes them (its export.ts), checks them as a program's would be checked,
// and records them as the declared inputs, the bookkeeping its diff compares against.
import type * as pulumi from "@pulumi/pulumi";
import { declaredInputs } from "../provider-kit/declared";
import { configKey } from "../config";
import { claimForAdoption } from "./claims";

type Json = Record<string, unknown>;

export interface Imported {
  id: string;
  inputs: Json;
  outputs: Json;
}

/** The checked `args` as inputs, and the read outputs with those inputs as what was declared. */
export async function importedAs(
  id: string,
  outputs: Json,
  args: Json,
  check: (olds: Json, news: Json) => Promise<pulumi.dynamic.CheckResult>,
): Promise<Imported> {
  const inputs: Json = (await check({}, args)).inputs ?? args;
  return { id, inputs, outputs: { ...outputs, declared: declaredInputs(inputs) } };
}

/** PostHog's ids for surveys and invites: UUIDs (any version; PostHog makes UUIDv7). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `pulumi import` of one kind of object needs to say when an id does not lead to it. */
export interface ImportKind {
  /** "survey", "pending invite". */
  what: string;
  /** Where the user finds a right id. */
  whereIdsAre: string;
  /** "project" or "organization": the scope the provider looks in, and the setting that names it. */
  scope: "project" | "organization";
}

/** Refuses an id that cannot be one of `kind`'s, saying what is wrong with it, before any request. */
export function checkImportId(kind: ImportKind, id: string): void {
  if (id.trim() === "") throw new Error(`pulumi import needs the ${kind.what}'s id: ${kind.whereIdsAre}.`);
  if (!UUID.test(id))
    throw new Error(
      `"${id}" is not a ${kind.what} id: PostHog's ids are UUIDs such as 0190c0de-1234-7abc-8def-0123456789ab ` +
        `(${kind.whereIdsAre}).`,
    );
}

/** The error for a well-formed id that names nothing in the scope the provider works in. */
export function notFoundForImport(kind: ImportKind, id: string, scopeId: string, also = ""): Error {
  const setting = configKey(kind.scope === "project" ? "projectId" : "organizationId");
  return new Error(
    `PostHog has no ${kind.what} ${id} in ${kind.scope} ${scopeId}, the ${kind.scope} this provider works in ` +
      `(${setting}, or the key's current ${kind.scope}). ${also}If the ${kind.what} belongs to another ` +
      `${kind.scope}, import it through a provider whose ${setting.split(":")[1]} names that ${kind.scope}.`,
  );
}

/**
 * An import is a claim, as `adopt` is (interrupted.ts): the resource `urn` holds the object from now on, so a
 * resource of the stack that held it and leaves the program is dropped without deleting it. `claim` is the kind the
 * claims name (`survey`, `invite`). Fails when another resource of this run made, took or adopted it.
 */
export function claimImported(kind: ImportKind, claim: string, id: string, urn: string): void {
  const refused = claimForAdoption(claim, id, urn);
  if (refused) throw new Error(`pulumi import of ${kind.what} ${id} refused: ${refused}.`);
}
