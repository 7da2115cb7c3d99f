/**
 * Islands, Fresh-style: a page is rendered on the server and reads without JavaScript; an
 * island is a component rendered there too, inside a marker that names it and carries its
 * props as JSON, and the browser bundle (web/islands/client.ts) hydrates each marker.
 */
import type { JSX } from "preact";
import { type IslandName, ISLANDS } from "./islands/mod.ts";

/** Renders island `name` with `props`, marked for hydration. */
export function Island<N extends IslandName>(
  { name, props }: { name: N; props: Parameters<typeof ISLANDS[N]>[0] },
): JSX.Element {
  // deno-lint-ignore no-explicit-any
  const C = ISLANDS[name] as any;
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <C {...props} />
    </div>
  );
}
