/**
 * Rings from unordered edges. Matterport Property Intelligence room boundaries list their
 * edges in no order, and the vertex order inside an edge is not consistent; edges share vertex
 * ids, so a ring is found by chaining edges through shared vertex ids
 * (shared/reference/data-formats.md §1.4, "Polygon assembly").
 */
import type { Point } from "../../ground/plan.ts";

/** One edge as two vertex ids with their positions (plan metres). */
export interface IdEdge {
  id: string;
  a: { id: string; at: Point };
  b: { id: string; at: Point };
}

/** A closed ring: its points in order (not repeated at the end) and the edge ids walked. */
export interface Ring {
  points: Point[];
  edges: string[];
}

/**
 * Chains unordered edges into closed rings by shared vertex ids. Edges that do not close
 * into a ring (a dangling chain, a vertex with more than two edges) are named in `problems`.
 */
export function chainEdges(edges: IdEdge[]): { rings: Ring[]; problems: string[] } {
  const problems: string[] = [];
  const byVertex = new Map<string, number[]>();
  const pos = new Map<string, Point>();
  edges.forEach((e, i) => {
    for (const v of [e.a, e.b]) {
      const list = byVertex.get(v.id) ?? [];
      list.push(i);
      byVertex.set(v.id, list);
      if (!pos.has(v.id)) pos.set(v.id, v.at);
    }
  });
  for (const [v, list] of byVertex) {
    if (list.length !== 2) {
      problems.push(`vertex ${v} is shared by ${list.length} edge(s), expected 2`);
    }
  }
  const used = new Set<number>();
  const rings: Ring[] = [];
  for (let start = 0; start < edges.length; start++) {
    if (used.has(start)) continue;
    if (edges[start].a.id === edges[start].b.id) {
      used.add(start);
      problems.push(`edge ${edges[start].id} starts and ends at the same vertex`);
      continue;
    }
    used.add(start);
    const first = edges[start].a.id;
    const ids = [first];
    const walked = [edges[start].id];
    let current = edges[start].b.id;
    let closed = false;
    while (true) {
      if (current === first) {
        closed = true;
        break;
      }
      ids.push(current);
      const next = (byVertex.get(current) ?? []).find((i) => !used.has(i));
      if (next === undefined) break;
      used.add(next);
      walked.push(edges[next].id);
      current = edges[next].a.id === current ? edges[next].b.id : edges[next].a.id;
    }
    if (closed && ids.length >= 3) {
      rings.push({ points: ids.map((v) => pos.get(v)!), edges: walked });
    } else {
      problems.push(`edges ${walked.join(", ")} do not close into a ring`);
    }
  }
  return { rings, problems };
}
