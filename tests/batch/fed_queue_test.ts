/**
 * The pool's queue given its jobs while they are planned (issue 29, batch/pool.ts fedQueue):
 * jobs come out in order as they are given; a re-scan's job waits for its earlier scan's job
 * of the same tool, even when that one is not planned yet, until it has finished or is given
 * as done already; the queue is empty only once closed.
 */
import assert from "node:assert/strict";
import { fedQueue, jobQueue } from "../../batch/pool.ts";
import type { BatchJob } from "../../batch/jobs.ts";

const job = (scan: string, tool: string, previous?: string): BatchJob => ({
  batch: "b",
  key: `${scan}/${tool}`,
  scan,
  tool,
  set: {},
  timeout_s: 60,
  ...(previous ? { previous } : {}),
});

Deno.test("fed queue: in order as given, empty only once closed, wakes its taker", () => {
  const q = fedQueue([job("a", "t"), job("b", "t")]);
  let woken = 0;
  q.onMore = () => woken++;
  assert.equal(q.take(), undefined);
  assert(!q.empty, "open: more may come");
  q.push([job("a", "t")]);
  assert.equal(woken, 1);
  assert.equal(q.take()?.key, "a/t");
  assert.equal(q.take(), undefined);
  q.push([job("b", "t")]);
  assert.equal(q.take()?.key, "b/t");
  assert(!q.empty);
  q.close();
  assert.equal(woken, 3);
  assert(q.empty);
});

Deno.test("fed queue: a re-scan waits for its earlier scan, planned later, until done", () => {
  // b re-scans a, and the spec lists b first: b's job is given before a's.
  const q = fedQueue([job("b", "t"), job("a", "t")]);
  q.push([job("b", "t", "a")]);
  assert.equal(q.take(), undefined, "a's job is still to come");
  q.push([job("a", "t")]);
  const a = q.take();
  assert.equal(a?.key, "a/t");
  assert.equal(q.take(), undefined, "a's job has not finished");
  q.done(a!);
  assert.equal(q.take()?.key, "b/t");
});

Deno.test("fed queue: an earlier scan done already (resume) holds no re-scan back", () => {
  const q = fedQueue([job("b", "t"), job("a", "t")]);
  q.push([job("b", "t", "a")]);
  q.skip(job("a", "t"));
  assert.equal(q.take()?.key, "b/t");
  // An earlier scan outside the batch holds nothing back either, as in jobQueue.
  const all = jobQueue([job("c", "t", "z")]);
  assert.equal(all.take()?.key, "c/t");
  assert(all.empty);
});
