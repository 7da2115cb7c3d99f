/**
 * How deep a JSON-like value nests, found without recursion (a file or a request nested
 * millions deep cannot overflow the stack): where it first goes past a limit, or undefined.
 */

/** The first place `value` nests deeper than `limit` levels, as a path ("extra[0][0]…"). */
export function deeperThan(value: unknown, limit: number): { path: string } | undefined {
  const stack: [unknown, number, string][] = [[value, 0, ""]];
  while (stack.length) {
    const [v, d, path] = stack.pop()!;
    if (!v || typeof v !== "object") continue;
    if (d >= limit) return { path: path.length > 80 ? `${path.slice(0, 77)}…` : path };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], d + 1, `${path}[${i}]`]);
    } else {
      for (const [k, x] of Object.entries(v)) {
        stack.push([x, d + 1, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}
