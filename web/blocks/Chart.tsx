/** Chart: the charts a result carries (`data.charts`, drawn by render/, such as the sun path). */
import type { JSX } from "preact";
import type { Chart as ChartData } from "../../core/result.ts";
import { chartSvg } from "../../render/charts.ts";
import type { BlockProps } from "./types.ts";

/**
 * The charts in a result as SVG: [name, svg]. A chart is data told apart by `kind`, drawn
 * by render/charts.ts; runs stored before charts were data carry SVG text, shown as it is.
 */
export function resultCharts(result: BlockProps["result"]): [string, string][] {
  const c = result.data?.charts;
  if (!c || typeof c !== "object") return [];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(c as Record<string, unknown>)) {
    const name = k.replace(/_svg$/, "").replaceAll("_", " ");
    if (typeof v === "string" && v.trimStart().startsWith("<svg")) out.push([name, v]);
    else if (v && typeof v === "object" && typeof (v as { kind?: unknown }).kind === "string") {
      // Chart data (core/result.ts Chart), drawn by render/ as on every surface.
      out.push([name, chartSvg(v as ChartData)]);
    }
  }
  return out;
}

export function Chart({ result }: BlockProps): JSX.Element | null {
  const charts = resultCharts(result);
  if (!charts.length) return null;
  return (
    <section class="block charts" aria-labelledby="h-charts">
      <h3 id="h-charts">Charts</h3>
      {charts.map(([name, svg]) => (
        <figure key={name} class="chart">
          <div
            class="chart-svg"
            // Drawn by render/ from numbers; its text is escaped there.
            dangerouslySetInnerHTML={{ __html: svg.replace("<svg ", '<svg role="img" ') }}
          />
          <figcaption>{name}</figcaption>
        </figure>
      ))}
    </section>
  );
}
