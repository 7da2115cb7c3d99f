import { assertEquals, assertOk } from "../_assert.ts";
import {
  feetInches,
  formatArea,
  formatLength,
  formatQuantity,
  lengthAsk,
  lengthHint,
  questionUnit,
  squareFeet,
  toEighths,
} from "../../ground/units.ts";
import { wrapText } from "../../cli/layout.ts";

const IN = 0.0254;
// Feet and inches are joined by a no-break space (U+00A0): written as it is below.

Deno.test("units: feet and inches to the nearest 1/8 in, fractions reduced", () => {
  assertEquals(feetInches(0.70), "2′ 3½″"); // 27.559 in: 220.47 eighths → 220 = 27½ in
  assertEquals(feetInches(0.7017), "2′ 3⅝″"); // 27.626 in: 221.0 eighths
  assertEquals(feetInches(27.5 * IN), "2′ 3½″");
  assertEquals(feetInches(32 * IN), "2′ 8″");
  assertEquals(feetInches(36 * IN), "3′ 0″");
  assertEquals(feetInches(9.625 * IN), "9⅝″");
  assertEquals(feetInches(0.25 * IN), "¼″");
  assertEquals(feetInches(0), "0″");
  assertEquals(feetInches(12.125 * IN), "1′ ⅛″");
  assertEquals(feetInches(-6 * IN), "−6″");
});

Deno.test("units: rounding at the 1/16 in boundary, and 11⅞ that rounds up is the next foot", () => {
  // Just below a sixteenth rounds down, just above rounds up.
  assertEquals(toEighths((1 / 16 - 1e-4) * IN), 0);
  assertEquals(toEighths((1 / 16 + 1e-4) * IN), 1);
  assertEquals(feetInches(11.875 * IN), "11⅞″");
  assertEquals(feetInches((11.875 + 1 / 16 - 1e-4) * IN), "11⅞″");
  assertEquals(feetInches((11.875 + 1 / 16 + 1e-4) * IN), "1′ 0″");
  assertEquals(feetInches((35.9375 + 1e-4) * IN), "3′ 0″");
  // 1 mm beyond 0.81 m and at it.
  assertEquals(feetInches(0.81), "2′ 7⅞″"); // 31.890 in: 255.1 eighths → 255 = 31⅞ in
  assertEquals(feetInches(0.811), "2′ 7⅞″"); // 1 mm beyond: 31.929 in, 255.4 eighths
});

Deno.test("units: lengths, areas and other units in each system", () => {
  assertEquals(formatLength(0.7, "metric"), "0.70 m");
  assertEquals(formatLength(0.7017, "imperial"), "2′ 3⅝″");
  assertEquals(formatLength(0.7017, "both"), "2′ 3⅝″ (0.70\u00a0m)");
  assertEquals(squareFeet(1), 10.8);
  assertEquals(squareFeet(0.09290304 * 150), 150);
  assertEquals(formatArea(12.5, "imperial"), "134.5 ft²");
  assertEquals(formatArea(12.5, "both"), "134.5\u00a0ft² (12.5\u00a0m²)");
  assertEquals(formatQuantity(0.84, "m", "both", "0.84"), "2′ 9⅛″ (0.84\u00a0m)");
  assertEquals(formatQuantity(0.0833, "rise/run", "imperial", "0.083"), "0.083 rise/run");
  assertEquals(formatQuantity(17, undefined, "imperial", "17"), "17");
});

Deno.test("units: a length question's unit, said in each system; metric as the manifests said it", () => {
  const ask = "How wide is your wheelchair or mobility aid?";
  // Metric is the sentence the manifests held before the unit moved out of them.
  assertEquals(lengthAsk(ask, "metric"), "How wide is your wheelchair or mobility aid, in metres?");
  assertEquals(
    lengthAsk("How wide a circle do you need to turn around in?", "metric", {
      value_m: 1.525,
      source: "ADA §304.3.1",
    }),
    "How wide a circle do you need to turn around in, in metres (ADA §304.3.1: 1.525)?",
  );
  // Imperial and both: the example in feet and inches (1.525 m = 60.04 in → 5′ 0″).
  const ex = { value_m: 1.525, source: "ADA §304.3.1" };
  assertOk(lengthAsk(ask, "imperial").includes("feet and inches"));
  assertOk(!lengthAsk(ask, "imperial").includes("metres"));
  assertOk(lengthAsk("Turn?", "imperial", ex).endsWith(`(ADA §304.3.1: ${feetInches(1.525)})?`));
  assertOk(lengthAsk("Turn?", "both", ex).includes(`${feetInches(1.525)} or 1.525\u00a0m`));
  // The hint and the short unit: metric as before, the others name feet and inches.
  assertEquals(lengthHint("metric"), `(m, or with a unit: 66 cm, 26 in, 2' 10")`);
  assertEquals(questionUnit("m", undefined), "(m)");
  assertEquals(questionUnit("m", "metric"), "(m)");
  assertEquals(questionUnit("m", "imperial"), lengthHint("imperial"));
  assertEquals(questionUnit("rise/run", "imperial"), "(rise/run)");
  assertEquals(questionUnit(undefined, "both"), "");
});

Deno.test("units: the both form never parts a number from its unit at a plain space", () => {
  for (const s of [formatLength(0.815, "both"), formatArea(12.5, "both")]) {
    // The only plain space is the one before "(": a wrapper may break there, nowhere else.
    assertEquals(s.split(" ").length, 2, s);
    assertOk(wrapText(`xxxxxxxxxxxxxxxxxxxxxx ${s}`, 24).every((l) => !/^m|^m²|^ft²/.test(l)), s);
  }
  // Metric and imperial keep their plain spaces (metric byte-identical).
  assertEquals(formatLength(0.7, "metric"), "0.70 m");
  assertEquals(formatArea(12.5, "imperial"), "134.5 ft²");
});
