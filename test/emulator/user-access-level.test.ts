// user_access_level on a survey, as UserAccessControl.access_level_for_object (posthog/rbac/user_access_control.py)
// gives it: the highest level ("manager") to the survey's creator and to org admins and owners, the default
// ("editor") to any other member.
import { useHarness } from "./helpers";

const h = useHarness();

const surveys = () => `/api/projects/${h.em.projectId}/surveys/`;
const QUESTIONS = [{ type: "open", question: "Q" }];

/** A plain member with a key of their own. */
async function member(email: string): Promise<{ key: string; uuid: string }> {
  const added = await h.control("POST", "/members", { email, level: 1 });
  expect(added.status).toBe(201);
  const key = await h.control("POST", "/keys", { scopes: ["survey:write"], email });
  return { key: key.body.key, uuid: added.body.user.uuid };
}

describe("user_access_level", () => {
  it("a plain member reads their own survey as manager and the owner's as editor", async () => {
    const { key } = await member("mia@example.com");
    const own = await h.api(
      "POST",
      surveys(),
      { name: "Mia's", type: "popover", questions: QUESTIONS },
      { key },
    );
    expect(own.status).toBe(201);
    const theirs = await h.survey({ name: "Owner's", questions: QUESTIONS });
    expect(theirs.status).toBe(201);

    const read = async (id: string) => (await h.api("GET", `${surveys()}${id}/`, undefined, { key })).body;
    expect((await read(own.body.id)).user_access_level).toBe("manager");
    expect((await read(theirs.body.id)).user_access_level).toBe("editor");
    const list = await h.api("GET", surveys(), undefined, { key });
    const levels = Object.fromEntries(
      (list.body.results as { name: string; user_access_level: string }[]).map((s) => [
        s.name,
        s.user_access_level,
      ]),
    );
    expect(levels).toEqual({ "Mia's": "manager", "Owner's": "editor" });

    // The owner reads every survey as manager, whoever created it.
    expect((await h.api("GET", `${surveys()}${own.body.id}/`)).body.user_access_level).toBe("manager");
  });

  it("an admin reads someone else's survey as manager", async () => {
    const { key, uuid } = await member("ada@example.com");
    const theirs = await h.survey({ name: "Owner's", questions: QUESTIONS });
    await h.control("PATCH", `/members/${uuid}`, { level: 8 });
    const read = await h.api("GET", `${surveys()}${theirs.body.id}/`, undefined, { key });
    expect(read.body.user_access_level).toBe("manager");
  });
});
