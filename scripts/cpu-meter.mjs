// CPU seconds per suite of `npm test` (issue 28 item 5 asks for the before and after per suite;
// decision 060 explains why CPU, not wall time: the two cores are saturated for the whole run, so
// a suite's wall time depends on what runs beside it, its CPU far less).
//
// A background suite's CPU is the user + system time of its root process and every descendant
// (browsers, servers, PostgreSQL), read from /proc every half second. A process is attributed when
// first seen through its parent chain and keeps its suite after it is re-parented; a process that
// lives and dies between two reads is missed, so the figures are slightly low.
// Linux only: elsewhere the meter reports nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in ticks of 1/100 s on Linux (sysconf(_SC_CLK_TCK)). */
const TICKS = 100;

function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after the last ')'.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(pid),
      ppid: Number(f[1]),
      start: f[19],
      cpu: (Number(f[11]) + Number(f[12])) / TICKS,
    };
  } catch {
    return undefined;
  }
}

/** The whole machine's busy CPU seconds so far (all cores, from /proc/stat). */
function machineBusy() {
  const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  return (total - v[3] - v[4]) / TICKS; // idle and iowait are not busy
}

export function cpuMeter(intervalMs = 500) {
  const on = existsSync('/proc/self/stat');
  const roots = new Map(); // pid -> suite label
  const seen = new Map(); // `${pid}:${start}` -> { label, cpu }
  const startedBusy = on ? machineBusy() : 0;
  const startedAt = Date.now();

  function scan() {
    if (roots.size === 0) return;
    const stats = [];
    for (const name of readdirSync('/proc')) if (/^\d+$/.test(name)) stats.push(statOf(name));
    const byPid = new Map(stats.filter(Boolean).map((s) => [s.pid, s]));
    const labelOf = (pid, depth = 0) => {
      if (roots.has(pid)) return roots.get(pid);
      const s = byPid.get(pid);
      return s && s.ppid > 1 && depth < 64 ? labelOf(s.ppid, depth + 1) : undefined;
    };
    for (const s of byPid.values()) {
      const key = `${s.pid}:${s.start}`;
      const label = seen.get(key)?.label ?? labelOf(s.pid);
      if (label) seen.set(key, { label, cpu: s.cpu });
    }
  }
  const timer = on ? setInterval(scan, intervalMs) : undefined;
  timer?.unref();

  return {
    /** Counts `pid` and its descendants as `label` from now on. */
    track(label, pid) {
      if (on && pid) {
        roots.set(pid, label);
        scan();
      }
    },
    /** CPU seconds per suite, in the order the suites started. */
    report() {
      if (!on) return { suites: [], machine: 0, wall: 0 };
      scan();
      const per = new Map();
      for (const label of roots.values()) per.set(label, 0);
      for (const { label, cpu } of seen.values()) per.set(label, (per.get(label) ?? 0) + cpu);
      return {
        suites: [...per].map(([suite, cpu]) => ({ suite, cpu: Math.round(cpu) })),
        machine: Math.round(machineBusy() - startedBusy),
        wall: Math.round((Date.now() - startedAt) / 1000),
      };
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
