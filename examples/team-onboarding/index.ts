// Team onboarding: everyone listed in people.yaml is invited to the PostHog organization, with the bulk
// invite endpoint (20 people per request). Adding or removing a person touches only that person.
//
// Config (optional):
//   peopleFile      another list to read instead of people.yaml (relative to this folder)
//   welcomeMessage  the text added to every invite email
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";
import { parsePeople } from "./people";

const config = new pulumi.Config();
const peopleFile = path.resolve(__dirname, config.get("peopleFile") ?? "people.yaml");
const people = parsePeople(fs.readFileSync(peopleFile, "utf8"), path.basename(peopleFile));

const team = new posthog.InviteBatch("team", {
  invites: people.map((person) => ({
    targetEmail: person.email,
    // PostHog greets the person by first name (at most 30 characters).
    firstName: person.name.split(/\s+/)[0].slice(0, 30),
    level: person.level,
  })),
  message: config.get("welcomeMessage") ?? "Welcome aboard! Our product analytics live here.",
});

export const invited = people.length;
/** Per person (lowercased email): the invite id and whether it is pending, expired or accepted. */
export const invitations = team.invitations;
