// The basic user shape's profile fields (hedgehog_config, role_at_organization), as PostHog's
// UserBasicSerializer fills them, seen wherever a user is embedded: a survey's created_by and the member list.
import { errorBody, useHarness } from "./helpers";

const h = useHarness();

const MEMBERS = "/api/organizations/@current/members/";

async function createdBy(): Promise<{ hedgehog_config: unknown; role_at_organization: unknown }> {
  const r = await h.survey({ name: `s-${Math.random()}`, type: "popover", questions: [] });
  expect(r.status).toBe(201);
  const fetched = await h.api("GET", `/api/projects/1/surveys/${r.body.id}/`);
  expect(fetched.body.created_by).toEqual(r.body.created_by);
  return r.body.created_by;
}

describe("created_by profile fields", () => {
  it("are null for a user who set neither", async () => {
    expect(await createdBy()).toMatchObject({ hedgehog_config: null, role_at_organization: null });
  });

  it("show the role and a summary of a version 1 hedgehog config, missing keys as null", async () => {
    const r = await h.control("PATCH", "/members/@me", {
      role_at_organization: "engineering",
      hedgehog_config: { use_as_profile: true, color: "blue", accessories: ["beret"], walking_enabled: true },
    });
    expect(r.status).toBe(200);
    expect(await createdBy()).toMatchObject({
      hedgehog_config: { use_as_profile: true, color: "blue", accessories: ["beret"], skin: null },
      role_at_organization: "engineering",
    });
    const members = (await h.api("GET", MEMBERS)).body.results;
    expect(members[0].user.hedgehog_config).toEqual({
      use_as_profile: true,
      color: "blue",
      accessories: ["beret"],
      skin: null,
    });
    expect(members[0].user.role_at_organization).toBe("engineering");
  });

  it("read a version 2 config's look from actor_options, and use_as_profile from the top", async () => {
    await h.control("PATCH", "/members/@me", {
      hedgehog_config: {
        version: 2,
        use_as_profile: false,
        color: "ignored",
        actor_options: { color: "green", skin: "robohog", accessories: [] },
      },
    });
    expect((await createdBy()).hedgehog_config).toEqual({
      use_as_profile: false,
      color: "green",
      accessories: [],
      skin: "robohog",
    });
    await h.control("PATCH", "/members/@me", { hedgehog_config: { version: 2, actor_options: "bad" } });
    expect((await createdBy()).hedgehog_config).toEqual({
      use_as_profile: null,
      color: null,
      accessories: null,
      skin: null,
    });
  });

  it("hide an empty or malformed hedgehog config as null", async () => {
    for (const config of [{}, [], "hog", 3, null]) {
      await h.control("PATCH", "/members/@me", { hedgehog_config: config });
      expect((await createdBy()).hedgehog_config).toBeNull();
    }
  });

  it("refuse a role outside PostHog's choices; null clears it; reset forgets both", async () => {
    const bad = await h.control("PATCH", "/members/@me", { role_at_organization: "ceo" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      errorBody("validation_error", "invalid_choice", '"ceo" is not a valid choice.', "role_at_organization"),
    );
    await h.control("PATCH", "/members/@me", {
      role_at_organization: "founder",
      hedgehog_config: { color: "red" },
    });
    await h.control("PATCH", "/members/@me", { role_at_organization: null });
    expect((await createdBy()).role_at_organization).toBeNull();
    await h.control("PATCH", "/members/@me", { role_at_organization: "data" });
    await h.reset();
    expect(await createdBy()).toMatchObject({ hedgehog_config: null, role_at_organization: null });
  });
});
