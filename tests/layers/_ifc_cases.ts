/**
 * The IFC samples and variants whose imports are compared byte for byte
 * (tests/layers/ifc_identical_test.ts) and with and without the reduction of
 * tests/layers/ifc_reduce_test.ts.
 */
import { fixture, sharedData } from "../_data.ts";

/** Each case: its name and the bytes imported. */
export function ifcCases(): [string, Uint8Array][] {
  const enc = new TextEncoder();
  const read = (p: string) => Deno.readFileSync(p);
  const fzk = sharedData("ifc/AC20-FZK-Haus.ifc");
  const fzkText = Deno.readTextFileSync(fzk);
  const twoRooms = Deno.readTextFileSync(fixture("ifc/two_rooms_ifc2x3.ifc"));
  return [
    ["AC20-FZK-Haus.ifc", read(fzk)],
    ["IfcOpenHouse_IFC4.ifc", read(sharedData("ifc/IfcOpenHouse_IFC4.ifc"))],
    ...["no_spaces_ifc4", "open_plan_ifc4", "stair_two_storeys_ifc4", "two_rooms_ifc2x3"].map((
      n,
    ): [string, Uint8Array] => [`${n}.ifc`, read(fixture(`ifc/${n}.ifc`))]),
    [
      "FZK-Haus, no space geometry",
      enc.encode(fzkText.replace(/(IFCSPACE\('[^']*',#\d+,'[^']*',\$,\$,#\d+,)#\d+/g, "$1$")),
    ],
    [
      "FZK-Haus, no storey elevations",
      enc.encode(fzkText.replace(/(IFCBUILDINGSTOREY\([^\n]*,\.ELEMENT\.,)[-0-9.E]+\);/g, "$1$);")),
    ],
    [
      "two rooms in feet",
      enc.encode(inFeet(twoRooms)),
    ],
  ];
}

/**
 * fixtures/ifc/two_rooms_ifc2x3.ifc's text with every length of 100 mm or more written in feet
 * and its length unit a conversion-based foot.
 */
export function inFeet(twoRoomsText: string): string {
  return twoRoomsText
    .replace(/\b(\d{3,})\.(?=[,)])/g, (_, n) => (Number(n) / 304.8).toFixed(9))
    .replace(
      "#10=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);",
      "#10=IFCCONVERSIONBASEDUNIT(#14,.LENGTHUNIT.,'FOOT',#15);\n" +
        "#14=IFCDIMENSIONALEXPONENTS(1,0,0,0,0,0,0);\n" +
        "#15=IFCMEASUREWITHUNIT(IFCLENGTHMEASURE(0.3048),#16);\n" +
        "#16=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);",
    );
}
