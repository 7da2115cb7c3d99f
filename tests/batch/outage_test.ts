/**
 * Issue 31 § 3: the batch coordinator waits out a short outage of the store or the queue,
 * saying it once when it starts and once when it ends, and gives up after its bound with a
 * sentence, not a stack trace.
 */
import assert from "node:assert/strict";
import { isOutage, outageWatch } from "../../batch/outage.ts";

const refused = () =>
  Object.assign(new Error("batchCount: connect ECONNREFUSED 127.0.0.1:5432\n    at TCP…"), {
    code: "ECONNREFUSED",
  });

Deno.test("batch outage: a 2-call outage is waited out and said in two sentences; other errors pass at once", async () => {
  let t = 0, calls = 0;
  const said: string[] = [];
  const w = outageWatch((s) => said.push(s), {
    now: () => t,
    sleep: (ms) => Promise.resolve(void (t += ms)),
  });
  const n = await w.call("The store (PostgreSQL)", () => {
    if (++calls <= 3) throw refused();
    return 42;
  });
  assert.equal(n, 42);
  assert.equal(said.length, 2, said.join("\n"));
  assert.match(
    said[0],
    /^The store \(PostgreSQL\) cannot be reached \(batchCount: connect ECONNREFUSED 127\.0\.0\.1:5432\); waiting for it, up to 120 s\.$/,
  );
  assert.match(said[1], /^The store \(PostgreSQL\) answers again after 0\.[0-9] s; carrying on\.$/);
  assert.equal(said.join("").includes("at TCP"), false, "no stack");
  // A second outage is said again, once.
  calls = 0;
  await w.call("The store (PostgreSQL)", () => {
    if (++calls <= 1) throw refused();
    return 1;
  });
  assert.equal(said.length, 4);
  await assert.rejects(
    () =>
      w.call("The store (PostgreSQL)", () => {
        throw new Error('relation "x" does not exist');
      }),
    /relation "x"/,
  );
  assert.equal(said.length, 4);
});

Deno.test("batch outage: past its bound it stops with one sentence that says how long and how to go on", async () => {
  let t = 0;
  const said: string[] = [];
  const w = outageWatch((s) => said.push(s), {
    wait_ms: 5000,
    now: () => t,
    sleep: (ms) => Promise.resolve(void (t += ms)),
  });
  await assert.rejects(
    () =>
      w.call("The queue (Redis)", () => {
        throw new Error("Connection is closed.");
      }),
    /^Error: The queue \(Redis\) could not be reached for 5 s \(Connection is closed\.\); the rows done so far are kept: continue with --resume\.$/,
  );
  assert.equal(said.length, 1);
  assert.ok(t >= 5000 && t < 7100, `${t}`);
});

Deno.test("batch outage: which errors are outages", () => {
  for (
    const e of [
      refused(),
      { code: "57P03", message: "the database system is starting up" },
      new Error("write CONNECTION_CLOSED 127.0.0.1:5432"),
      new Error("Connection terminated unexpectedly"),
      new Error("read ECONNRESET"),
    ]
  ) {
    assert.equal(isOutage(e), true, String((e as Error).message));
  }
  for (
    const e of [new Error("syntax error at or near"), new Error("duplicate key value"), {
      code: "23505",
      message: "unique",
    }]
  ) {
    assert.equal(isOutage(e), false, String((e as Error).message));
  }
});
