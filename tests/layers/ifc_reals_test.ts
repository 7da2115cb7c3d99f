/**
 * The byte-level REAL reader of layers/ifc/brep_bounds.ts (realFrom) against Number() of the
 * same text: every number written in the 6 IFC samples (the two of ../shared/data and the 4 of
 * fixtures/ifc), boundary strings (signs, "0.", exponents, long mantissas, 22 and 23 places,
 * 2^53 ± 1 as digits), and random decimals up to 20 digits, each followed by a delimiter as in
 * a STEP list. (A point with no digit before it, not STEP's, reads as Number() reads it only
 * up to 2^53 as digits, as before i36: not asserted beyond ".5" and "-.5".) Equal means Object.is: the same double, -0 apart from 0, NaN for what is no
 * number. A reader that scales its digits by a power of ten it multiplies (not divides) is
 * shown to differ on the samples, so they can tell such a reader apart.
 */
import assert from "node:assert/strict";
import { realEnd, realFrom } from "../../layers/ifc/brep_bounds.ts";
import { fixture, sharedData } from "../_data.ts";

const SAMPLES = [
  sharedData("ifc/AC20-FZK-Haus.ifc"),
  sharedData("ifc/IfcOpenHouse_IFC4.ifc"),
  ...["no_spaces_ifc4", "open_plan_ifc4", "stair_two_storeys_ifc4", "two_rooms_ifc2x3"].map((n) =>
    fixture(`ifc/${n}.ifc`)
  ),
];

/** realFrom on `s` written as a list's item (`(s,`), and where it stopped, from the item's start. */
function read(s: string, end = ","): [number, number] {
  const bytes = new TextEncoder().encode(`(${s}${end}`);
  const v = realFrom(bytes, 1);
  return [v, realEnd() - 1];
}

/** Each number-like item of a sample: after `(` or `,`, up to `,` or `)`. */
function items(path: string): string[] {
  const text = Deno.readTextFileSync(path);
  return [...text.matchAll(/(?<=[(,])[+-]?[0-9.][0-9.]*(?:[eE][+-]?[0-9]+)?(?=[,)])/g)].map((m) =>
    m[0]
  );
}

Deno.test("realFrom: every number in the 6 IFC samples reads as Number() reads it", () => {
  let n = 0, naiveDiffers = 0;
  for (const path of SAMPLES) {
    for (const s of items(path)) {
      const [v, len] = read(s);
      assert.ok(Object.is(v, Number(s)), `${path}: ${s} read ${v}, Number() ${Number(s)}`);
      assert.equal(len, s.length, s);
      // A reader that multiplies by 10^-places instead of dividing by 10^places.
      const m = /^([+-]?)([0-9]*)\.([0-9]*)$/.exec(s);
      if (m && m[2].length + m[3].length > 0 && m[2].length + m[3].length <= 15) {
        const naive = Number(m[2] + m[3]) * 10 ** -m[3].length * (m[1] === "-" ? -1 : 1);
        if (!Object.is(naive, Number(s))) naiveDiffers++;
      }
      n++;
    }
  }
  assert.ok(n > 40_000, `${n} numbers`);
  assert.ok(naiveDiffers > 0, "the samples tell a multiplying reader apart");
});

Deno.test("realFrom: boundary strings read as Number() reads them; what is no number is NaN", () => {
  const cases = [
    "0.",
    "-0.",
    "+0.",
    "0.0",
    "-0.000",
    "1.",
    "-1.5",
    "+2.25",
    ".5",
    "-.5",
    "12",
    "1.E3",
    "2.0E+03",
    "3000.E-1",
    "1.5e-300",
    "-4.9E-324",
    "1.7976931348623157E308",
    "1.8E308",
    "0.1",
    "0.3",
    "123456789012345.6",
    "1234567890123456.7",
    "0.12345678901234567890",
    "9007199254740991.",
    "9007199254740992.",
    "9007199254740993.",
    "-9007199254740993.0",
    "0.0000000000000000000001",
    "0.00000000000000000000001",
    "1.0000000000000000000000",
    "1.00000000000000000000000",
    "4503599627370497.5",
    "0.000995660890675",
    "-0.000290724144552",
    "3.0000000000000004",
    "99999999999999999999.",
  ];
  for (const s of cases) {
    for (const end of [",", ")", " "]) {
      const [v, len] = read(s, end);
      assert.ok(Object.is(v, Number(s)), `${s}: read ${v}, Number() ${Number(s)}`);
      assert.equal(len, s.length, s);
    }
  }
  for (const s of [".", "-", "+", "x", "1.5E", "1.2.3", "1e+", "--1.", "$", "1.5x"]) {
    assert.ok(Number.isNaN(read(s)[0]), s);
  }
});

Deno.test("realFrom: 20,000 random decimals of up to 20 digits read as Number() reads them", () => {
  let seed = 0x2545f491;
  const rnd = (k: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.floor((seed / 2 ** 32) * k);
  };
  for (let t = 0; t < 20_000; t++) {
    const digits = 1 + rnd(20);
    let d = "";
    for (let k = 0; k < digits; k++) d += String(rnd(10));
    // STEP writes a digit before the point (ISO 10303-21 § 6.4.2.2).
    const point = 1 + rnd(digits);
    let s = (rnd(3) === 0 ? "-" : "") + d.slice(0, point) + "." + d.slice(point);
    if (rnd(8) === 0) s += "E" + (rnd(2) ? "-" : "") + String(rnd(40));
    const [v] = read(s);
    assert.ok(Object.is(v, Number(s)), `${s}: read ${v}, Number() ${Number(s)}`);
  }
});
