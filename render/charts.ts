/**
 * Draws the charts a result carries as data (core/result.ts `Chart`, told apart by `kind`):
 * every surface draws them the same way, here.
 */
import type { Chart } from "../core/result.ts";
import { sunPathSvg } from "./sunpath.ts";

/** A chart as a standalone SVG document. */
export function chartSvg(chart: Chart): string {
  switch (chart.kind) {
    case "sunpath":
      return sunPathSvg(chart);
  }
}
