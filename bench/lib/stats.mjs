// Small statistics over benchmark samples: medians, least-squares slopes and a linearity check.

/** The median of a list of numbers (the mean of the two middle values for an even count). */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The least-squares line y = intercept + slope * x through the points, with R².
 * With fewer than two distinct x values the slope is NaN.
 */
export function leastSquares(points) {
  const pts = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const n = pts.length;
  const mx = pts.reduce((s, [x]) => s + x, 0) / n;
  const my = pts.reduce((s, [, y]) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  if (n < 2 || sxx === 0) return { slope: NaN, intercept: NaN, r2: NaN };
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/**
 * Whether time grows linearly with N: the slope of the last segment (between the two largest N) is
 * at most `factor` times the slope of the first segment (between the two smallest), plus
 * `toleranceMs` per resource for noise on phases that barely depend on N. Undecided (null) with
 * fewer than three sizes. Answers the segment slopes and the least-squares slope too.
 */
export function isLinear(points, { factor = 1.5, toleranceMs = 1 } = {}) {
  const pts = points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)).sort((a, b) => a[0] - b[0]);
  const { slope } = leastSquares(pts);
  if (pts.length < 3) return { linear: null, firstSlope: NaN, lastSlope: NaN, slope };
  const segment = ([x1, y1], [x2, y2]) => (y2 - y1) / (x2 - x1);
  const firstSlope = segment(pts[0], pts[1]);
  const lastSlope = segment(pts[pts.length - 2], pts[pts.length - 1]);
  return {
    linear: lastSlope <= factor * Math.max(firstSlope, 0) + toleranceMs,
    firstSlope,
    lastSlope,
    slope,
  };
}

/** Rounds to a number of decimals (for tables and JSON meant to be read). */
export function round(value, decimals = 1) {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
