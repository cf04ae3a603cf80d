// Pulumi resource names for exported objects: readable slugs, unique within the program, short enough that
// `new posthog.Survey("<name>", {` stays on one line.

const MAX_SLUG = 48;

export function slug(text: string, fallback: string): string {
  const ascii = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // accents: café -> cafe
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = ascii.slice(0, MAX_SLUG).replace(/-+$/, "");
  return cut || fallback;
}

/** Hands out names: the slug itself the first time, then `<slug>-2`, `<slug>-3`, … */
export class NameRegistry {
  private readonly used = new Set<string>();

  take(text: string, fallback: string): string {
    const base = slug(text, fallback);
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}-${n}`;
    this.used.add(name);
    return name;
  }
}

/** The resource name of each exported object, in the snapshot's order; both formats of export use these. */
export interface ExportNames {
  surveys: string[];
  invites: string[];
  members: string[];
}

export function exportNames(snapshot: {
  surveys: readonly { name: string }[];
  invites: readonly { target_email: string }[];
  members: readonly { user: { email: string } }[];
}): ExportNames {
  const names = new NameRegistry();
  return {
    surveys: snapshot.surveys.map((survey) => names.take(survey.name, "survey")),
    invites: snapshot.invites.map((invite) => names.take(`invite ${invite.target_email}`, "invite")),
    members: snapshot.members.map((member) => names.take(`invite ${member.user.email}`, "invite")),
  };
}
