// The survey lifecycle table, measured: the six declared states (draft / running / stopped, archived or not)
// created from nothing, and all 30 ordered transitions between them, through the real plugin against the
// emulator. Each up must send exactly the requests docs/guides/survey-lifecycle.md lists, leave PostHog and the outputs
// in the declared state, and be followed by a clean preview that sends nothing. The doc's tables are compared
// with the measured ones, so they cannot drift (UPDATE_LIFECYCLE_DOC=1 rewrites them from the measurement).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Survey, SurveyArgs } from "../../src";
import { startStack, TestStack, type LoggedRequest } from "../support/stack";
import type { RunResult } from "../support/engine";
import { asProgramReads } from "../support/program-outputs";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

type Status = "draft" | "running" | "stopped";
interface State {
  status: Status;
  archived: boolean;
}
const STATES: State[] = (["draft", "running", "stopped"] as const).flatMap((status) => [
  { status, archived: false },
  { status, archived: true },
]);
const nameOf = (s: State) => `${s.status}${s.archived ? "+archived" : ""}`;
const unlaunches = (from: State, to: State) => from.status !== "draft" && to.status === "draft";
const TRANSITIONS = STATES.flatMap((from) =>
  STATES.filter((to) => to !== from).map((to) => ({ from, to, key: `${nameOf(from)} → ${nameOf(to)}` })),
);

const DOC = path.join(__dirname, "../../docs/guides/survey-lifecycle.md");

/** A program of surveys, one per name, each declared in the given state (plus any extra args). */
const program = (surveys: Record<string, State & Partial<SurveyArgs>>) => () => {
  for (const [name, state] of Object.entries(surveys)) {
    new Survey(name, { name, type: "popover", questions: [{ type: "open", question: "Why?" }], ...state });
  }
};

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const DATE = /^\d{4}-\d\d-\d\dT/;

/** One request as the doc writes it: method, path shape and the lifecycle part of the body. */
function describeRequest(r: LoggedRequest): string {
  const rest = r.path.replace(/^\/api\/projects\/\d+\/surveys\//, "").replace(ID, ":id");
  const body = (r.body ?? {}) as Record<string, unknown>;
  const fields = (keys: string[]) =>
    keys
      .filter((k) => k in body)
      .map((k) => {
        const v = body[k];
        return ` ${k}=${typeof v === "string" && DATE.test(v) ? `<${k === "start_date" ? "startDate" : "endDate"}>` : JSON.stringify(v)}`;
      })
      .join("");
  if (r.method === "POST" && rest === "")
    return `POST surveys/${fields(["start_date", "end_date", "archived"])}`;
  if (r.method === "PATCH") return `PATCH${fields(Object.keys(body))}`;
  return `${r.method} ${rest.replace(/^:id\/?/, "") || "survey"}`;
}

/** Each survey's requests in the order sent, keyed by survey name (the POST names it, later paths carry its id). */
function requestsBySurvey(requests: LoggedRequest[], ids: Map<string, string>): Map<string, string[]> {
  const names = new Map([...ids].map(([name, id]) => [id, name]));
  const out = new Map<string, string[]>();
  for (const r of requests) {
    const id = ID.exec(r.path)?.[0];
    const name = id ? names.get(id) : String((r.body as { name?: string })?.name);
    if (!name) throw new Error(`request not attributed to a survey: ${r.method} ${r.path}`);
    out.set(name, [...(out.get(name) ?? []), describeRequest(r)]);
  }
  return out;
}

interface ServerSurvey {
  start_date: string | null;
  end_date: string | null;
  archived: boolean;
}
/** What PostHog holds, read back as the declared state it amounts to. */
async function held(id: string): Promise<string> {
  const { body } = await stack.api<ServerSurvey>("GET", `/api/projects/${stack.projectId}/surveys/${id}/`);
  const status = !body.start_date ? "draft" : body.end_date ? "stopped" : "running";
  return `${status}${body.archived ? "+archived" : ""}`;
}

function outputsOf(result: RunResult, name: string) {
  const step = result.steps.find((s) => s.name === name);
  if (!step?.outputs) throw new Error(`no outputs for ${name}`);
  const outputs = step.outputs as {
    surveyId: string;
    status: string;
    archived?: boolean;
    endDate?: string | null;
  };
  return asProgramReads(outputs);
}

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const table = (header: string[], rows: string[][]) =>
  [row(header), row(header.map(() => "---")), ...rows.map(row)].join("\n");

/** Where the doc's text between `<!-- name:begin -->` and `<!-- name:end -->` lies. */
function docSection(doc: string, name: string): { from: number; to: number; text: string } {
  const begin = `<!-- ${name}:begin -->\n`;
  const start = doc.indexOf(begin);
  const end = doc.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) throw new Error(`docs/guides/survey-lifecycle.md has no ${name} section`);
  const from = start + begin.length;
  return { from, to: end, text: doc.slice(from, end) };
}

const measured: Record<string, string> = {};
/** Each transition's measured row, by key; the table is assembled in TRANSITIONS order once all have run. */
const transitionRows = new Map<string, string[]>();

describe("the lifecycle table, measured", () => {
  const ids = new Map<string, string>();
  const createNames = STATES.map((s) => `create ${nameOf(s)}`);
  const allowed = TRANSITIONS.filter((t) => !unlaunches(t.from, t.to));
  const refused = TRANSITIONS.filter((t) => unlaunches(t.from, t.to));
  const fromProgram: Record<string, State> = {
    ...Object.fromEntries(STATES.map((s) => [`create ${nameOf(s)}`, s])),
    ...Object.fromEntries(allowed.map((t) => [t.key, t.from])),
  };
  const toProgram: Record<string, State> = {
    ...fromProgram,
    ...Object.fromEntries(allowed.map((t) => [t.key, t.to])),
  };
  // The un-launches in an engine of their own: each refused run stops at its check failure, and a small program
  // keeps those runs short.
  let refusedEngine: ReturnType<TestStack["newEngine"]>;
  const refusedFrom: Record<string, State> = Object.fromEntries(refused.map((t) => [t.key, t.from]));

  it("creates each of the six states from nothing with the planned requests", async () => {
    await stack.clearRequests();
    refusedEngine = stack.newEngine();
    const [up, upRefused] = [
      await stack.engine.up(program(fromProgram)),
      await refusedEngine.up(program(refusedFrom)),
    ];
    expect([...up.errors, ...upRefused.errors]).toEqual([]);
    for (const name of Object.keys(fromProgram)) ids.set(name, outputsOf(up, name).surveyId);
    for (const name of Object.keys(refusedFrom)) ids.set(name, outputsOf(upRefused, name).surveyId);
    const sent = requestsBySurvey(await stack.requests(), ids);
    const rows: string[][] = [];
    for (const [i, state] of STATES.entries()) {
      const name = createNames[i];
      const out = outputsOf(up, name);
      const holds = await held(out.surveyId);
      expect(holds).toBe(nameOf(state));
      expect({ status: out.status, archived: out.archived }).toEqual(state);
      rows.push([nameOf(state), (sent.get(name) ?? []).join(", "), holds]);
    }
    // The surveys created as the start of each transition went the same way.
    for (const t of TRANSITIONS) {
      expect([t.key, sent.get(t.key)]).toEqual([t.key, sent.get(`create ${nameOf(t.from)}`)]);
    }
    measured.creates = table(["declared", "requests `up` sends", "PostHog holds"], rows);

    await stack.clearRequests();
    const again = await stack.engine.preview(program(fromProgram));
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await stack.requests()).toEqual([]);
  });

  it("moves between any two states in one up, in an order PostHog accepts", async () => {
    await stack.clearRequests();
    const up = await stack.engine.up(program(toProgram));
    expect(up.errors).toEqual([]);
    const sent = requestsBySurvey(await stack.requests(), ids);
    for (const t of allowed) {
      const out = outputsOf(up, t.key);
      const holds = await held(out.surveyId);
      expect([t.key, holds]).toEqual([t.key, nameOf(t.to)]);
      expect([t.key, out.status, out.archived]).toEqual([t.key, t.to.status, t.to.archived]);
      transitionRows.set(t.key, [nameOf(t.from), nameOf(t.to), (sent.get(t.key) ?? []).join(", "), holds]);
    }

    await stack.clearRequests();
    const again = await stack.engine.preview(program(toProgram));
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await stack.requests()).toEqual([]);
  });

  it.each(refused.map((t) => [t.key, t] as const))(
    "refuses %s at preview and up, with no request",
    async (_key, t) => {
      await stack.clearRequests();
      const target = program({ ...refusedFrom, [t.key]: t.to });
      const preview = await refusedEngine.preview(target);
      const failures = preview.steps.flatMap((s) => s.checkFailures);
      expect(failures).toEqual([
        {
          property: "status",
          reason:
            `status cannot go from "${t.from.status}" back to "draft": PostHog cannot un-launch a survey. ` +
            'Keep "running" or "stopped", or create a new survey.',
        },
      ]);
      const up = await refusedEngine.up(target);
      expect(up.errors.map((e) => e.message).join()).toContain("PostHog cannot un-launch a survey");
      const sent = (await stack.requests()).map(describeRequest);
      expect(sent).toEqual([]);
      const holds = await held(ids.get(t.key)!);
      expect(holds).toBe(nameOf(t.from));
      transitionRows.set(t.key, [
        nameOf(t.from),
        nameOf(t.to),
        sent.join(", ") || "none",
        `refused at check (${failures[0].property}); still ${holds}`,
      ]);
    },
  );
});

describe("date-based cases, measured", () => {
  // A fresh engine per case, so each program holds only its own survey.
  let dateEngine: ReturnType<TestStack["newEngine"]>;
  const engine = () => dateEngine;
  beforeEach(() => {
    dateEngine = stack.newEngine();
  });
  const day = 86_400_000;
  // Check judges a new endDate by the provider's clock, so these dates are relative to it.
  const until = new Date(Date.now() + 30 * day).toISOString();
  const later = new Date(Date.now() + 60 * day).toISOString();
  const launchAt = new Date(Date.now() + 10 * day).toISOString();
  const rows: string[][] = [];
  let surveys: Record<string, State & Partial<SurveyArgs>> = {};

  const step = async (label: string, next: typeof surveys, name: string, expected: string) => {
    surveys = next;
    await stack.clearRequests();
    const up = await engine().up(program(surveys));
    expect(up.errors).toEqual([]);
    const out = outputsOf(up, name);
    const ids = new Map([[name, out.surveyId]]);
    const sent = requestsBySurvey(await stack.requests(), ids).get(name) ?? [];
    expect(`${out.status}${out.archived ? "+archived" : ""}`).toBe(expected);
    rows.push([label, sent.join(", ") || "none", expected]);
    await stack.clearRequests();
    const again = await engine().preview(program(surveys));
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(await stack.requests()).toEqual([]);
    return out;
  };

  it("running with a future endDate runs until then, and stays converged after it passes", async () => {
    const runUntil = { status: "running" as const, archived: false, endDate: until };
    const out = await step(
      "create running, endDate in the future",
      { "runs until": runUntil },
      "runs until",
      "running",
    );
    expect(Date.parse(String(out.endDate))).toBe(Date.parse(until));
    expect(await held(out.surveyId)).toBe("stopped"); // PostHog holds the end date: a scheduled stop

    await step(
      "running, endDate moved later",
      { "runs until": { ...runUntil, endDate: later } },
      "runs until",
      "running",
    );

    // Time passes the scheduled stop (the emulator's clock): nothing drifts, and up does not try to resume.
    await stack.control("POST", "/clock", { advanceSeconds: (70 * day) / 1000 });
    try {
      await stack.clearRequests();
      const refresh = await engine().refresh();
      expect(refresh.steps.map((s) => [s.op, s.changedKeys])).toEqual([["refresh", []]]);
      const refreshed = requestsBySurvey(await stack.requests(), new Map([["runs until", out.surveyId]]));
      rows.push([
        "refresh after the endDate passed",
        refreshed.get("runs until")?.join(", ") ?? "none",
        String(refresh.steps[0].outputs?.status),
      ]);
      await stack.clearRequests();
      const preview = await engine().preview(program(surveys));
      expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
      const up = await engine().up(program(surveys));
      expect(up.errors).toEqual([]);
      const sent = (await stack.requests()).map(describeRequest);
      rows.push([
        "preview and up after the endDate passed",
        sent.join(", ") || "none",
        outputsOf(up, "runs until").status,
      ]);

      await step(
        "archived after its endDate passed, status and endDate kept",
        { "runs until": { ...runUntil, endDate: later, archived: true } },
        "runs until",
        "running+archived",
      );
    } finally {
      await stack.control("POST", "/clock", { advanceSeconds: -(70 * day) / 1000 });
    }
  });

  it("a future startDate is a scheduled launch; an endDate added to it is a scheduled stop", async () => {
    const scheduled = { status: "running" as const, archived: false, startDate: launchAt };
    await step("create running, startDate in the future", { scheduled }, "scheduled", "running");
    await step(
      "running → running until a declared endDate",
      { scheduled: { ...scheduled, endDate: until } },
      "scheduled",
      "running",
    );
    await step(
      "running until endDate → stopped, endDate dropped",
      { scheduled: { ...scheduled, status: "stopped" } },
      "scheduled",
      "stopped",
    );
  });

  it("refuses an endDate that contradicts the status when it is new, with no request", async () => {
    await stack.clearRequests();
    const past = new Date(Date.now() - day).toISOString();
    /** Preview and up of a program check refuses: the failures, and a row of what up sent. */
    const refusedCase = async (label: string, surveys: Record<string, State & Partial<SurveyArgs>>) => {
      await stack.clearRequests();
      const preview = await engine().preview(program(surveys));
      const failures = preview.steps.flatMap((s) => s.checkFailures);
      const up = await engine().up(program(surveys));
      expect(up.errors).toHaveLength(1);
      const sent = (await stack.requests()).map(describeRequest);
      expect(sent).toEqual([]);
      rows.push([
        label,
        sent.join(", ") || "none",
        `refused at check (${failures.map((f) => f.property).join()})`,
      ]);
      return failures;
    };
    expect(
      await refusedCase("create running, endDate already past", {
        "too late": { status: "running", archived: false, endDate: past },
      }),
    ).toEqual([
      {
        property: "endDate",
        reason:
          `endDate (${past}) has already passed, so a survey declared status "running" would stop at once. ` +
          'Set a future endDate, or declare status "stopped".',
      },
    ]);
    expect(
      await refusedCase("create stopped, endDate already past, no startDate", {
        "ended long ago": { status: "stopped", archived: false, endDate: past },
      }),
    ).toEqual([
      {
        property: "startDate",
        reason:
          `endDate (${past}) has already passed and no startDate is declared: PostHog cannot launch a survey ` +
          "whose end date has passed. Declare the startDate it ran from, too.",
      },
    ]);
    const future = new Date(Date.now() + 5 * day).toISOString();
    expect(
      await refusedCase("create stopped, endDate in the future", {
        "not yet stopped": { status: "stopped", archived: false, endDate: future },
      }),
    ).toEqual([
      {
        property: "endDate",
        reason:
          `endDate (${future}) is in the future, so a survey declared status "stopped" would run until then. ` +
          'Declare status "running" to run it until endDate, or remove endDate to stop it now.',
      },
    ]);
    const withStart = {
      status: "stopped" as const,
      archived: false,
      endDate: past,
      startDate: new Date(Date.now() - 2 * day).toISOString(),
    };
    await step(
      "create stopped, startDate and endDate already past",
      { "ran last week": withStart },
      "ran last week",
      "stopped",
    );
    measured.dates = table(["case", "requests `up` sends", "status output"], rows);
  });
});

describe("an up interrupted half-way", () => {
  afterEach(async () => stack.control("DELETE", "/faults"));
  const draftState: State = { status: "draft", archived: false };
  const target: State = { status: "stopped", archived: true };

  /** The next PATCH of this survey fails once, as if the run stopped there. */
  const failNextPatch = (id: string) =>
    stack.control("POST", "/faults", {
      faults: [{ path: `/surveys/${id}/?$`, method: "PATCH", status: 400, times: 1 }],
    });

  it("is finished by the next up from where PostHog is: no second launch", async () => {
    const engine = stack.newEngine();
    const name = "interrupted update";
    const created = await engine.up(program({ [name]: draftState }));
    const id = outputsOf(created, name).surveyId;
    await failNextPatch(id);
    const broken = await engine.up(program({ [name]: target }));
    expect(broken.errors).toHaveLength(1);
    expect(await held(id)).toBe("stopped"); // launched and stopped, not archived

    await stack.clearRequests();
    const rerun = await engine.up(program({ [name]: target }));
    expect(rerun.errors).toEqual([]);
    const sent = requestsBySurvey(await stack.requests(), new Map([[name, id]])).get(name);
    expect(sent).toEqual(["GET survey", "PATCH archived=true"]);
    expect(await held(id)).toBe("stopped+archived");
    expect((await engine.preview(program({ [name]: target }))).steps.map((s) => s.op)).toEqual(["same"]);
  });

  it("a create that failed at the archive keeps the survey, and the next up archives it", async () => {
    const engine = stack.newEngine();
    const name = "interrupted create";
    // The POST is not a PATCH: only the archive after launch and stop fails.
    await stack.control("POST", "/faults", {
      faults: [{ path: "/surveys/[0-9a-f-]{36}/?$", method: "PATCH", status: 400, times: 1 }],
    });
    const broken = await engine.up(program({ [name]: target }));
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0].message).toContain(
      `Survey "${name}": could not set its status to stopped and archive it. `,
    );
    const id = String(engine.state().find((r) => r.name === name)?.id);
    expect(await held(id)).toBe("stopped");
    // State holds the last answer before the failure (stopped), so the archive alone is left to send.
    expect(engine.state().find((r) => r.name === name)?.outputs).toMatchObject({
      status: "stopped",
      archived: false,
    });

    await stack.clearRequests();
    const rerun = await engine.up(program({ [name]: target }));
    expect(rerun.errors).toEqual([]);
    const sent = requestsBySurvey(await stack.requests(), new Map([[name, id]])).get(name);
    expect(sent).toEqual(["PATCH archived=true"]);
    expect(await held(id)).toBe("stopped+archived");
    expect((await engine.preview(program({ [name]: target }))).steps.map((s) => s.op)).toEqual(["same"]);
  });
});

describe("adopting a survey", () => {
  it("keeps the archive for after the stop: the adopt PATCH does not archive first", async () => {
    const name = "adopted running";
    const made = await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, {
      name,
      type: "popover",
      start_date: "2026-01-01T00:00:00Z",
    });
    const id = made.body.id;
    const engine = stack.newEngine();
    const adopted = () => {
      new Survey(name, {
        name,
        type: "popover",
        status: "stopped",
        archived: true,
        startDate: "2026-01-01T00:00:00Z",
        adopt: { id },
      });
    };
    await stack.clearRequests();
    const up = await engine.up(adopted);
    expect(up.errors).toEqual([]);
    expect(requestsBySurvey(await stack.requests(), new Map([[name, id]])).get(name)).toEqual([
      "GET survey",
      "POST stop/",
      "PATCH archived=true",
    ]);
    expect(await held(id)).toBe("stopped+archived");
    expect((await engine.preview(adopted)).steps.map((s) => s.op)).toEqual(["same"]);
  });
});

describe("a program that stops declaring them", () => {
  it("resets archived to false, as any field, and leaves the status as PostHog has it", async () => {
    const engine = stack.newEngine();
    const name = "undeclared later";
    const first = await engine.up(program({ [name]: { status: "stopped", archived: true } }));
    const id = outputsOf(first, name).surveyId;
    await stack.clearRequests();
    const plain = () => {
      new Survey(name, { name, type: "popover", questions: [{ type: "open", question: "Why?" }] });
    };
    const up = await engine.up(plain);
    expect(up.errors).toEqual([]);
    expect(requestsBySurvey(await stack.requests(), new Map([[name, id]])).get(name)).toEqual([
      "PATCH archived=false",
    ]);
    expect(await held(id)).toBe("stopped");
    expect(outputsOf(up, name)).toMatchObject({ status: "stopped", archived: false });
    expect((await engine.preview(plain)).steps.map((s) => s.op)).toEqual(["same"]);
  });
});

describe("docs/guides/survey-lifecycle.md", () => {
  it("lists exactly the measured requests", () => {
    expect(TRANSITIONS.filter((t) => !transitionRows.has(t.key))).toEqual([]);
    measured.transitions = table(
      ["from", "to", "requests `up` sends", "PostHog holds"],
      TRANSITIONS.map((t) => transitionRows.get(t.key)!),
    );
    let doc = readFileSync(DOC, "utf8");
    for (const name of ["creates", "transitions", "dates"]) {
      expect(measured[name]).toBeDefined();
      const section = docSection(doc, name);
      if (process.env.UPDATE_LIFECYCLE_DOC === "1") {
        doc = `${doc.slice(0, section.from)}${measured[name]}\n${doc.slice(section.to)}`;
      } else {
        expect([name, section.text]).toEqual([name, `${measured[name]}\n`]);
      }
    }
    if (process.env.UPDATE_LIFECYCLE_DOC === "1") writeFileSync(DOC, doc);
  });
});
