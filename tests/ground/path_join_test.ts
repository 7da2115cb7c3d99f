import { assertEquals } from "../_assert.ts";
import { join } from "node:path";
import { joinPath } from "../../ground/path_join.ts";

// joinPath stands in for node:path's join on the start-up path (issue 29): on POSIX it must
// give exactly what Node gives, for ordinary parts and the awkward ones (empty, ".", "..",
// repeated and trailing slashes, climbing above the root).
const PARTS = ["", "/", ".", "..", "a", "b/", "/c", "../d", "./e", "f//g", "/x/../..", "h/.."];
const LAST = ["", "threshold.db", "..", "cache/"];

Deno.test({
  name: "joinPath gives node:path join's answer for every combination of awkward parts",
  ignore: Deno.build.os === "windows",
  fn() {
    const differ: string[] = [];
    let n = 0;
    for (const a of PARTS) {
      for (const b of PARTS) {
        for (const c of LAST) {
          n++;
          if (joinPath(a, b, c) !== join(a, b, c)) differ.push(JSON.stringify([a, b, c]));
        }
      }
    }
    assertEquals(n, PARTS.length * PARTS.length * LAST.length);
    assertEquals(differ, []);
  },
});

Deno.test({
  name: "joinPath: the store's and the listing cache's paths",
  ignore: Deno.build.os === "windows",
  fn() {
    assertEquals(joinPath("/home/u", ".threshold"), "/home/u/.threshold");
    assertEquals(joinPath("/home/u/", ".threshold"), "/home/u/.threshold");
    assertEquals(joinPath(".", ".threshold"), ".threshold");
    assertEquals(joinPath("/h", "cache", "x.json"), "/h/cache/x.json");
    assertEquals(joinPath("/h/cache/x.json", ".."), "/h/cache");
    assertEquals(joinPath(), ".");
  },
});
