// @ts-check
// The --profile preload (bench/README.md, "Profiling"): writes the process's V8 CPU profile as
// `CPU.<date>.<time>.<pid>.0.001.cpuprofile` into BENCH_CPU_PROF_DIR on exit, SIGINT and SIGTERM (how the
// engine stops plugins). Writes nothing to stdout (the provider announces its port there).
"use strict";

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const fs = require("node:fs");
  const path = require("node:path");
  const inspector = require("node:inspector");
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");

  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The in-process session answers synchronously, so this works inside an `exit` handler.
    session.post("Profiler.stop", (error, result) => {
      if (error || !result) return;
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", ".").slice(0, 15);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, `CPU.${stamp}.${process.pid}.0.001.cpuprofile`),
        JSON.stringify(result.profile),
      );
    });
  };
  process.on("exit", write);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    // Once: the signal sent again below finds no listener of this preload and stops the process.
    process.once(signal, () => {
      write();
      process.kill(process.pid, signal);
    });
  }
}
