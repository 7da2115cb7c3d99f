import { honestVerdict, subjectStatuses } from "../../core/verdict.ts";
import { assertEquals } from "../_assert.ts";
import { goldenEntries } from "../_golden.ts";

const c = (subject: string, status: "pass" | "fail" | "warn" | "unknown", id = subject) => ({
  id,
  subject,
  status,
});

Deno.test("honestVerdict: a pass with unjudged subjects is unknown and says how many first", async (t) => {
  const said = goldenEntries("verdict_test", t);
  const given = { status: "pass" as const, text: "All measured rooms pass." };
  const { text, ...v } = honestVerdict(given, [
    c("a", "pass"),
    c("b", "unknown"),
    c("c", "unknown"),
    c("d", "pass"),
  ]);
  assertEquals(v, { status: "unknown", data: { unjudged: 2, subjects: 4 } });
  // The count leads, then the tool's own sentence, kept whole (the words: the golden file).
  said.add(text);
  await said.check();
});

Deno.test("honestVerdict: a fail stays fail, and still leads with the unjudged count", () => {
  const v = honestVerdict({ status: "fail", text: "1 room is too low." }, [
    c("a", "fail"),
    c("b", "unknown"),
  ]);
  assertEquals({ status: v.status, data: v.data }, {
    status: "fail",
    data: { unjudged: 1, subjects: 2 },
  });
});

Deno.test("honestVerdict: a pass its checks contradict takes the worst check status", () => {
  assertEquals(honestVerdict({ status: "pass", text: "ok" }, [c("a", "warn")]).status, "warn");
  assertEquals(honestVerdict({ status: "warn", text: "ok" }, [c("a", "fail")]).status, "fail");
});

Deno.test("honestVerdict: all judged, a text already saying so, errors and no checks are left alone", () => {
  const ok = { status: "pass" as const, text: "All pass." };
  assertEquals(honestVerdict(ok, [c("a", "pass"), c("b", "pass")]), ok);
  // A verdict whose data says its sentence already counts the unjudged is left as it is,
  // whatever its words; one whose words say so but whose data does not gets the lead.
  const said = { status: "fail" as const, code: "x.low", data: { unjudged: 1 }, text: "x" };
  assertEquals(honestVerdict(said, [c("a", "fail"), c("b", "unknown")]), said);
  const words = { status: "fail" as const, text: "1 of 2 rooms could not be judged." };
  assertEquals(honestVerdict(words, [c("a", "fail"), c("b", "unknown")]).data, {
    unjudged: 1,
    subjects: 2,
  });
  const err = { status: "error" as const, text: "boom" };
  assertEquals(honestVerdict(err, [c("a", "unknown")]), err);
  assertEquals(honestVerdict(ok, []), ok);
});

Deno.test("subjectStatuses: a subject is as bad as its worst check; a fail outranks unknown", () => {
  assertEquals(
    subjectStatuses([c("d1", "unknown", "x"), c("d1", "fail", "y"), c("d2", "unknown", "z")]),
    ["fail", "unknown"],
  );
});

Deno.test("honestVerdict: checks reported aside (a standard beside the person's need) do not count", () => {
  const v = { status: "pass" as const, text: "All doors fit your chair." };
  assertEquals(
    honestVerdict(v, [c("d1", "pass"), {
      id: "std:d1",
      subject: "d1",
      status: "fail",
      aside: true,
    }]),
    v,
  );
});
