// Preloaded into the dynamic-provider plugin (NODE_OPTIONS=--require) by survey-lifecycle-model.test.ts, so the
// plugin's clock moves with the emulator's: check judges an end date "passed" by the plugin's own clock, and
// PostHog by its own; in production both read the same time. Date.now() and `new Date()` read the real time plus
// the offset in milliseconds written to PLUGIN_CLOCK_FILE (read on every call: the test rewrites it between runs).
"use strict";
const fs = require("node:fs");

const file = process.env.PLUGIN_CLOCK_FILE;
const RealDate = Date;

function offset() {
  try {
    return Number(fs.readFileSync(file, "utf8")) || 0;
  } catch {
    return 0;
  }
}

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset());
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset();
  }
}

if (file) globalThis.Date = ShiftedDate;
