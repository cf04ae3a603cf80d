// Claims across the provider processes of one run (src/ownership/claims.ts over src/provider-kit/run-record.ts): two
// copies of the claims module, each with its own memory as two provider processes have, share one engine address
// and so one file record. What one adopts, takes over or holds, the other never deletes; a take-over never
// overrides what another resource holds; a declared adoption stops a delete even before it is claimed.
import path from "node:path";

const ADDRESS = `127.0.0.1:${40000 + (process.pid % 20000)}-${Date.now()}`;
jest.mock("../../src/provider-kit/engine-log", () => ({
  ...jest.requireActual<object>("../../src/provider-kit/engine-log"),
  engineConnectedTo: () => ADDRESS,
}));

type Claims = typeof import("../../src/ownership/claims");

/** A fresh copy of the claims module: another provider process of the same run. */
function process_(): Claims {
  let loaded: Claims | undefined;
  jest.isolateModules(() => {
    loaded = require(path.join(__dirname, "../../src/ownership/claims")) as Claims;
  });
  if (!loaded) throw new Error("not loaded");
  return loaded;
}

const MOVED = "urn:pulumi:dev::claims::posthog-iac:index:Survey::nps-moved";
const OTHER = "urn:pulumi:dev::claims::my:Team$posthog-iac:index:Survey::nps";

describe("claims across a run's provider processes", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  it("an adoption in one process stops the old name's delete in another, with the warning naming the holder", () => {
    const explicit = process_();
    const defaultProvider = process_();
    expect(explicit.claimForAdoption("survey", "s1", MOVED)).toBeUndefined();
    expect(defaultProvider.claimForDelete("survey", "s1", 'Survey "NPS"')).toBe(false);
    expect(stderr).toHaveBeenCalledWith(
      expect.stringContaining(
        `Survey "NPS": not deleting survey s1: resource "nps-moved" (${MOVED}) of this stack adopted or imported it`,
      ),
    );
    // Nor may another process adopt or take it over.
    expect(defaultProvider.claimForAdoption("survey", "s1", OTHER)).toContain(
      `resource "nps-moved" (${MOVED}) of this run already adopted or imported it`,
    );
    expect(defaultProvider.claimForTakeOver("survey", "s1", OTHER)).toBe(false);
  });

  it("a diff's hold in one process stops a delete and a take-over in another", () => {
    const holder = process_();
    const other = process_();
    holder.holdForRun("invite", "i1", MOVED);
    expect(other.claimForDelete("invite", "i1", 'Invite "a@b.c"')).toBe(false);
    expect(other.claimForTakeOver("invite", "i1", OTHER)).toBe(false);
    // The holder itself may still take over what it holds (its own interrupted create).
    expect(holder.claimForTakeOver("invite", "i1", MOVED)).toBe(true);
  });

  it("a declared adoption that was not claimed fails the delete, so the old name stays in the stack", () => {
    const adopter = process_();
    const leaving = process_();
    adopter.markWanted("invite", "address:a@b.c", MOVED);
    expect(() => leaving.claimForDelete("invite", "i2", 'Invite "a@b.c"', ["address:a@b.c"])).toThrow(
      `Invite "a@b.c": not deleting invite i2: resource "nps-moved" (${MOVED}) of this run declares adopt of it`,
    );
    adopter.markWanted("survey", "id:s2", MOVED);
    expect(() => leaving.claimForDelete("survey", "s2", 'Survey "NPS"')).toThrow("declares adopt of it");
    // Nothing else is in the way of a delete, and a deleted object is then taken by no one.
    expect(leaving.claimForDelete("survey", "s3", 'Survey "NPS"')).toBe(true);
    expect(adopter.claimForAdoption("survey", "s3", MOVED)).toBe("this run deleted survey s3");
  });

  it("one exclusive claim per object: the second process's adoption names the first's", () => {
    const first = process_();
    const second = process_();
    first.markCreated("survey", "s4", MOVED);
    expect(second.claimForAdoption("survey", "s4", OTHER)).toBe(
      `resource "nps-moved" (${MOVED}) of this run already created it`,
    );
    expect(second.isUnclaimed("survey", "s4")).toBe(false);
  });
});
