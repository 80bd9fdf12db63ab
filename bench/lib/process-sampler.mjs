// Samples, every ~100 ms, the processes one engine run starts (the descendants of its root process:
// the run-op process, or the `pulumi` CLI; other sessions on the machine may run engines too), from /proc:
//   provider  node .../@pulumi/pulumi/cmd/dynamic-provider (started by the pulumi-resource-pulumi-nodejs shim)
//   program   node .../@pulumi/pulumi/cmd/run (started by the language host, on the CLI path), or the
//             run-op process itself (the Automation API runs the inline program in it)
//   engine    the pulumi CLI and its Go plugins (language host)
// For each role it keeps the peak resident memory (the larger of the summed VmRSS at one instant
// and the processes' own high-water marks, VmHWM, which the kernel keeps between samples) and the
// CPU time (utime + stime at the last sample of each process: a process that exits between two
// samples loses at most its last 100 ms).

import * as fs from "node:fs";
import { setInterval, clearInterval } from "node:timers";

const ROLES = [
  // Not the shim's `node -e "require.resolve('.../cmd/dynamic-provider')"`.
  ["provider", (cmd) => cmd.includes("cmd/dynamic-provider") && !cmd.includes("\0-e\0")],
  ["program", (cmd) => /@pulumi\/pulumi\/cmd\/run(\/|\0)/.test(cmd)],
  ["engine", (cmd) => /(^|\/)(pulumi|pulumi-language-nodejs)\0/.test(cmd)],
];
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function readOr(file, fallback) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return fallback;
  }
}

function listPids() {
  try {
    return fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
}

/** `{ppid, cpuMs}` of a process from /proc/<pid>/stat (fields after the parenthesised command). */
function statOf(pid) {
  const stat = readOr(`/proc/${pid}/stat`, "");
  const close = stat.lastIndexOf(")");
  if (close < 0) return undefined;
  const f = stat.slice(close + 2).split(" ");
  return { ppid: Number(f[1]), cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND };
}

function bytes(status, field) {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** The pids of every descendant of `rootPid` (children first), from /proc. */
export function descendantsOf(rootPid) {
  const children = new Map();
  for (const name of listPids()) {
    const st = statOf(name);
    if (!st) continue;
    if (!children.has(st.ppid)) children.set(st.ppid, []);
    children.get(st.ppid).push(Number(name));
  }
  const out = [];
  const queue = [...(children.get(rootPid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift();
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

/**
 * Starts sampling the processes under `rootPid` (itself counted as `rootRole`); `stop()` answers
 * per role peak RSS, CPU and pids.
 */
export function sampleProcesses(rootPid, { rootRole = "program", intervalMs = 100 } = {}) {
  const supported = fs.existsSync("/proc/self/stat");
  const seen = new Map(); // pid -> {role, cpuMs, hwm}
  const peakSum = {};
  const sample = () => {
    const stats = new Map();
    const children = new Map();
    for (const name of listPids()) {
      const st = statOf(name);
      if (!st) continue;
      const pid = Number(name);
      stats.set(pid, st);
      if (!children.has(st.ppid)) children.set(st.ppid, []);
      children.get(st.ppid).push(pid);
    }
    const sums = {};
    const queue = [rootPid];
    while (queue.length > 0) {
      const pid = queue.pop();
      queue.push(...(children.get(pid) ?? []));
      if (!stats.has(pid)) continue;
      let entry = seen.get(pid);
      if (!entry && pid === rootPid) {
        entry = { role: rootRole, cpuMs: 0, hwm: 0 };
        seen.set(pid, entry);
      } else if (!entry) {
        const cmd = readOr(`/proc/${pid}/cmdline`, "");
        const role = ROLES.find(([, test]) => test(cmd))?.[0];
        // A shim's shell becomes nothing we track; check its children again later.
        if (!role) continue;
        entry = { role, cpuMs: 0, hwm: 0 };
        seen.set(pid, entry);
      }
      const status = readOr(`/proc/${pid}/status`, "");
      entry.cpuMs = Math.max(entry.cpuMs, stats.get(pid).cpuMs);
      entry.hwm = Math.max(entry.hwm, bytes(status, "VmHWM"));
      sums[entry.role] = (sums[entry.role] ?? 0) + bytes(status, "VmRSS");
    }
    for (const [role, sum] of Object.entries(sums)) peakSum[role] = Math.max(peakSum[role] ?? 0, sum);
  };
  const timer = supported ? setInterval(sample, intervalMs) : undefined;
  if (supported) sample();
  return {
    /** Takes a last sample, stops, and answers `{supported, roles: {<role>: {peakRssBytes, cpuMs, pids}}}`. */
    stop() {
      if (!timer) return { supported, roles: {} };
      sample();
      clearInterval(timer);
      const roles = {};
      for (const [pid, { role, cpuMs, hwm }] of seen) {
        const r = (roles[role] ??= { peakRssBytes: 0, cpuMs: 0, pids: [] });
        r.cpuMs += cpuMs;
        r.peakRssBytes = Math.max(r.peakRssBytes, hwm);
        r.pids.push(pid);
      }
      for (const [role, r] of Object.entries(roles))
        r.peakRssBytes = Math.max(r.peakRssBytes, peakSum[role] ?? 0);
      return { supported, roles };
    },
  };
}
