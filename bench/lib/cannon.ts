import autocannon from 'autocannon';
import { median, round } from './util.ts';

export interface CannonOpts {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Several requests cycled per connection (overrides path/method/body). */
  requests?: { path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }[];
}

export interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  non2xx: number;
  errors: number;
  s5xx: number;
}

/**
 * The quick run's short windows (bench/run.ts --quick: one 1 s window per side) can end before a
 * handful of answers arrives on a machine loaded by other work; a window with fewer than 5 2xx
 * answers (or no latency recorded) is then run again, twice as long, at most twice, so that every
 * item still has numbers. The full run keeps its
 * fixed windows (growWhenEmpty false).
 */
export const cannonPolicy = { growWhenEmpty: false };

/** One autocannon run; rps counts 2xx answers only. */
export async function cannon(o: CannonOpts): Promise<CannonResult> {
  let seconds = o.seconds;
  let r = await cannonOnce(o, seconds);
  for (let retry = 0; cannonPolicy.growWhenEmpty && (r['2xx'] < 5 || r.latency.p99 === 0) && retry < 2; retry++) {
    seconds *= 2;
    r = await cannonOnce(o, seconds);
  }
  return {
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    requests: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    s5xx: r['5xx'],
  };
}

function cannonOnce(o: CannonOpts, seconds: number) {
  return autocannon({
    url: o.url + o.path,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections: o.connections,
    duration: seconds,
    requests: o.requests?.map((q) => ({ path: q.path, method: q.method ?? 'GET', body: q.body, headers: { ...o.headers, ...q.headers } })),
    timeout: 30,
  });
}

export interface Alternation<R> {
  ours: R[];
  base: R[];
}

/**
 * Runs ours and base alternately (ABBA order so neither always goes first), `rounds` times each,
 * after one short warm-up of each.
 */
export async function alternate<R>(
  rounds: number,
  ours: () => Promise<R>,
  base: () => Promise<R>,
  warm?: () => Promise<void>,
): Promise<Alternation<R>> {
  if (warm) await warm();
  const out: Alternation<R> = { ours: [], base: [] };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      out.base.push(await base());
      out.ours.push(await ours());
    } else {
      out.ours.push(await ours());
      out.base.push(await base());
    }
  }
  return out;
}

/** Median over rounds of (ours / base) for throughput, plus medians of each side. */
export function summarise(a: Alternation<CannonResult>) {
  const ratios = a.ours.map((o, i) => o.rps / (a.base[i] as CannonResult).rps);
  const side = (rs: CannonResult[]) => ({
    rps: round(median(rs.map((r) => r.rps)), 0),
    p50: round(median(rs.map((r) => r.p50)), 1),
    p99: round(median(rs.map((r) => r.p99)), 1),
    non2xx: rs.reduce((s, r) => s + r.non2xx + r.errors, 0),
  });
  return { ratio: round(median(ratios), 3), ratios: ratios.map((r) => round(r, 3)), ours: side(a.ours), base: side(a.base) };
}

/**
 * Runs several sides in turn, `rounds` times, reversing the order every other round (ABC CBA ...),
 * so no side always runs first or last; side 0 is ours, the others baselines.
 */
export async function rotate(
  rounds: number,
  sides: (() => Promise<CannonResult>)[],
  warm?: () => Promise<void>,
): Promise<CannonResult[][]> {
  if (warm) await warm();
  const out: CannonResult[][] = sides.map(() => []);
  for (let i = 0; i < rounds; i++) {
    const order = sides.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) (out[k] as CannonResult[]).push(await (sides[k] as () => Promise<CannonResult>)());
  }
  return out;
}

/** Ours (results[0]) against each baseline, as summarise() does for one pair. */
export function summariseAgainst(results: CannonResult[][], k: number) {
  return summarise({ ours: results[0] as CannonResult[], base: results[k] as CannonResult[] });
}
