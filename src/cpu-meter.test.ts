// The CPU meter of `npm test` (scripts/cpu-meter.mjs): it counts each step's process and its
// descendants, each step apart. Reference figures: each child below spins until its own
// CPU time (process.cpuUsage) reaches a set amount, so the CPU it uses is known whatever the load;
// the bounds allow for Node's start-up and for the sampling.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { cpuMeter } from '../scripts/cpu-meter.mjs';

const burn = (ms: number) =>
  `for (;;) { const u = process.cpuUsage(); if ((u.user + u.system) / 1000 >= ${ms}) break; for (let i = 0; i < 1e5; i++); }`;

describe.skipIf(!existsSync('/proc/self/stat'))('cpu meter', () => {
  it('counts a step with its grandchildren, and another step apart', async () => {
    const meter = cpuMeter(100);
    // A child that starts a grandchild burning 1.5 s, and burns 1 s itself while waiting for it.
    const script = `const { spawn } = require('node:child_process');
      const g = spawn(process.execPath, ['-e', ${JSON.stringify(burn(1500))}], { stdio: 'ignore' });
      ${burn(1000)}
      g.on('exit', () => process.exit(0));`;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    meter.track('background', child.pid);
    await new Promise((resolve) => child.on('exit', resolve));
    const other = spawn(process.execPath, ['-e', burn(1200)], { stdio: 'ignore' });
    meter.track('another step', other.pid);
    await new Promise((resolve) => other.on('exit', resolve));
    const { suites } = meter.report();
    meter.stop();
    const cpu = Object.fromEntries(suites.map((s: { suite: string; cpu: number }) => [s.suite, s.cpu]));
    // 1 s + 1.5 s of CPU (the grandchild's alone would be 1.5); rounded, less up to one 0.1 s sample.
    expect(cpu.background).toBeGreaterThanOrEqual(2);
    expect(cpu.background).toBeLessThanOrEqual(4);
    // 1.2 s of CPU plus Node's start-up, rounded, less what the last samples missed; none of the first step's.
    expect(cpu['another step']).toBeGreaterThanOrEqual(1);
    expect(cpu['another step']).toBeLessThanOrEqual(2);
  });
});
