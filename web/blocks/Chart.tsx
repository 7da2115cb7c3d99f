/** Chart: the charts a result carries (`data.charts`, SVG drawn by render/, such as the sun path). */
import type { JSX } from "preact";
import type { BlockProps } from "./types.ts";

/** The SVG charts in a result: [name, svg]. */
export function resultCharts(result: BlockProps["result"]): [string, string][] {
  const c = result.data?.charts;
  if (!c || typeof c !== "object") return [];
  return Object.entries(c as Record<string, unknown>)
    .filter(([, v]) => typeof v === "string" && v.trimStart().startsWith("<svg"))
    .map(([k, v]) => [k.replace(/_svg$/, "").replaceAll("_", " "), v as string]);
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
