import { sparklinePoints } from './figures.js';

const WIDTH = 96;
const HEIGHT = 24;

/**
 * A figure's trend as a tiny line (an SVG of a few points, so the landing page, the first screen
 * after sign-in, loads no chart library). `label` says the trend in words for screen readers.
 */
export function Sparkline({
  values,
  label,
  testId,
}: {
  values: readonly (number | null)[];
  label: string;
  testId: string;
}) {
  const points = sparklinePoints(values, WIDTH, HEIGHT);
  return (
    <svg
      className="home-sparkline"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={values.map((v) => (v === null ? '' : String(v))).join(',')}
      width={WIDTH}
      height={HEIGHT + 2}
      viewBox={`0 -1 ${WIDTH} ${HEIGHT + 2}`}
    >
      {points && <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />}
    </svg>
  );
}
