/** MetricGrid: the result's metrics as label, value and unit. */
import type { JSX } from "preact";
import { fmtQuantity } from "../words.ts";
import type { BlockProps } from "./types.ts";

export function MetricGrid({ result, units }: BlockProps): JSX.Element | null {
  if (!result.metrics.length) return null;
  return (
    <section class="block metrics" aria-labelledby="h-metrics">
      <h3 id="h-metrics">Measurements</h3>
      <dl class="metric-grid">
        {result.metrics.map((m) => (
          <div class="metric" key={m.id}>
            <dt>{m.label}</dt>
            <dd>
              {m.value === null
                ? "—"
                : typeof m.value === "number"
                ? fmtQuantity(m.value, m.unit, units)
                : `${m.value}${m.unit ? ` ${m.unit}` : ""}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
