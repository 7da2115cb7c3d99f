/**
 * Checking and rescaling the room-label scores. Temperature scaling (Guo, Pleiss, Sun and
 * Weinberger 2017, "On Calibration of Modern Neural Networks", ICML, § 4.2): one parameter T > 0
 * divides every logit before the softmax, chosen to minimise the negative log-likelihood of the
 * true labels on held-out cases; it never changes which label ranks first. A reliability table
 * (DeGroot and Fienberg 1983; Guo et al. § 2) bins cases by their top score and sets each bin's
 * mean score beside the share of its cases that were right; the expected calibration error (ECE)
 * is the case-weighted mean gap. Leave-one-out (each case scored with the T fitted on the others)
 * keeps the evaluation out of the fit when no separate data exists. Pure functions on plain data.
 */

/** One labelled case: the label logits (any scale) and the index of the true label. */
export interface LogitCase {
  logits: number[];
  /** Index of the true label in `logits`; -1 when the truth is none of the candidates. */
  truth: number;
}

/** Softmax of logits / temperature. */
export function softmax(logits: number[], temperature = 1): number[] {
  const z = logits.map((v) => v / temperature);
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** Mean negative log-likelihood (nats) of the true labels; cases with truth -1 are left out. */
export function meanNll(cases: LogitCase[], temperature = 1): number {
  const used = cases.filter((c) => c.truth >= 0);
  if (!used.length) return NaN;
  let s = 0;
  for (const c of used) s -= Math.log(Math.max(softmax(c.logits, temperature)[c.truth], 1e-300));
  return s / used.length;
}

/** Bounds of the temperature search. */
export const T_MIN = 0.05, T_MAX = 20;

/**
 * The temperature that minimises {@link meanNll}: golden-section search on log T over
 * [{@link T_MIN}, {@link T_MAX}] (the NLL is convex in 1/T for a softmax, so unimodal in log T).
 * When the fit runs to a bound the data push T beyond it (e.g. every case right: T → 0).
 */
export function fitTemperature(cases: LogitCase[]): number {
  if (!cases.some((c) => c.truth >= 0)) return 1;
  const f = (u: number) => meanNll(cases, Math.exp(u));
  let a = Math.log(T_MIN), b = Math.log(T_MAX);
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a), d = a + g * (b - a);
  let fc = f(c), fd = f(d);
  for (let i = 0; i < 100 && b - a > 1e-9; i++) {
    if (fc <= fd) (b = d, d = c, fd = fc, c = b - g * (b - a), fc = f(c));
    else (a = c, c = d, fc = fd, d = a + g * (b - a), fd = f(d));
  }
  return Math.exp((a + b) / 2);
}

/** For each case, the temperature fitted on all the other cases (leave-one-out). */
export function leaveOneOutTemperatures(cases: LogitCase[]): number[] {
  return cases.map((_, i) => fitTemperature(cases.filter((__, j) => j !== i)));
}

/** One scored prediction: its top score and whether its top label was right. */
export interface Scored {
  score: number;
  right: boolean;
}

/** One bin of a reliability table. */
export interface ReliabilityBin {
  /** Score range [from, to) (the last bin includes 1). */
  from: number;
  to: number;
  n: number;
  /** Mean top score of the bin's cases; NaN when empty. */
  mean_score: number;
  /** Share of the bin's cases whose top label was right; NaN when empty. */
  accuracy: number;
  /** 95 % Wilson score interval of the accuracy (Wilson 1927); [0, 1] when empty. */
  accuracy_95: [number, number];
}

/** Wilson's 95 % score interval for k successes in n trials. */
export function wilson95(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964, p = k / n, z2 = z * z;
  const mid = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

/** Reliability table over equal-width score bins with the given edges (ascending, 0 … 1). */
export function reliabilityTable(
  preds: Scored[],
  edges = [0, 0.2, 0.4, 0.6, 0.8, 1],
): ReliabilityBin[] {
  const bins: ReliabilityBin[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i], to = edges[i + 1], last = i + 2 === edges.length;
    const inBin = preds.filter((p) => p.score >= from && (p.score < to || (last && p.score <= to)));
    const k = inBin.filter((p) => p.right).length;
    bins.push({
      from,
      to,
      n: inBin.length,
      mean_score: inBin.length ? inBin.reduce((s, p) => s + p.score, 0) / inBin.length : NaN,
      accuracy: inBin.length ? k / inBin.length : NaN,
      accuracy_95: wilson95(k, inBin.length),
    });
  }
  return bins;
}

/** Expected calibration error: Σ (n_bin / n) · |accuracy − mean score| over non-empty bins. */
export function expectedCalibrationError(bins: ReliabilityBin[]): number {
  const n = bins.reduce((s, b) => s + b.n, 0);
  if (!n) return NaN;
  return bins.reduce((s, b) => s + (b.n ? (b.n / n) * Math.abs(b.accuracy - b.mean_score) : 0), 0);
}

/** Brier score of the top label: mean (score − right)². */
export function topBrier(preds: Scored[]): number {
  if (!preds.length) return NaN;
  return preds.reduce((s, p) => s + (p.score - (p.right ? 1 : 0)) ** 2, 0) / preds.length;
}
