/**
 * layers/ifc/step.ts reads a few entities' arguments from the STEP text without web-ifc (issue
 * 29); where it answers, it must say what web-ifc's GetLine says. Checked on every
 * IfcRelDefinesByProperties, IfcElementQuantity, IfcPropertySet, simple quantity,
 * IfcPropertySingleValue, IfcRelSpaceBoundary, IfcSpace, IfcBuildingStorey, IfcProject,
 * IfcBuilding, IfcUnitAssignment, units, railings, virtual elements, stairs and ramps of both
 * real samples and the fixtures, and on lines made to catch a
 * byte reader out (strings holding `,` `(` `)` `;` and `''`, escapes, nested lists, white space,
 * a comment, an instance that does not start its line, an id written twice).
 */
import { assert, assertEquals } from "../_assert.ts";
import { fixture, sharedData } from "../_data.ts";
import { ifcApi } from "../../layers/ifc/mod.ts";
import { checkIfcLines } from "../../layers/ifc/lines.ts";
import { ref, refs, v } from "../../layers/ifc/attrs.ts";
import {
  stepEnum,
  stepInstance,
  stepNumber,
  stepRef,
  stepRefs,
  type StepText,
  stepText,
} from "../../layers/ifc/step.ts";

/** Entity -> [attribute, its position, how to read it]. */
const READ: Record<string, [string, number, "ref" | "refs" | "text" | "number" | "enum"][]> = {
  IFCRELDEFINESBYPROPERTIES: [
    ["RelatedObjects", 4, "refs"],
    ["RelatingPropertyDefinition", 5, "ref"],
  ],
  IFCELEMENTQUANTITY: [["Name", 2, "text"], ["Quantities", 5, "refs"]],
  IFCPROPERTYSET: [["Name", 2, "text"], ["HasProperties", 4, "refs"]],
  IFCDOORLININGPROPERTIES: [["Name", 2, "text"]],
  IFCDOORPANELPROPERTIES: [["Name", 2, "text"]],
  IFCWINDOWLININGPROPERTIES: [["Name", 2, "text"]],
  IFCWINDOWPANELPROPERTIES: [["Name", 2, "text"]],
  IFCQUANTITYLENGTH: [["Name", 0, "text"], ["LengthValue", 3, "number"]],
  IFCQUANTITYAREA: [["Name", 0, "text"], ["AreaValue", 3, "number"]],
  IFCQUANTITYVOLUME: [["Name", 0, "text"], ["VolumeValue", 3, "number"]],
  IFCQUANTITYCOUNT: [["Name", 0, "text"], ["CountValue", 3, "number"]],
  IFCPROPERTYSINGLEVALUE: [["Name", 0, "text"]],
  // Labels and the storey's elevation read by layers/ifc/spaces.ts and storeys.ts (i34).
  IFCSPACE: [["GlobalId", 0, "text"], ["Name", 2, "text"], ["LongName", 7, "text"]],
  IFCBUILDINGSTOREY: [
    ["GlobalId", 0, "text"],
    ["Name", 2, "text"],
    ["LongName", 7, "text"],
    ["Elevation", 9, "number"],
  ],
  IFCPROJECT: [["Name", 2, "text"], ["LongName", 5, "text"], ["UnitsInContext", 8, "ref"]],
  // The units layers/ifc/units.ts reads from the text (i34).
  IFCUNITASSIGNMENT: [["Units", 0, "refs"]],
  IFCSIUNIT: [["UnitType", 1, "enum"], ["Prefix", 2, "enum"], ["Name", 3, "enum"]],
  IFCCONVERSIONBASEDUNIT: [["UnitType", 1, "enum"]],
  IFCCONTEXTDEPENDENTUNIT: [["UnitType", 1, "enum"]],
  IFCDERIVEDUNIT: [["UnitType", 1, "enum"]],
  IFCBUILDING: [["Name", 2, "text"], ["LongName", 7, "text"]],
  IFCRAILING: [["GlobalId", 0, "text"], ["PredefinedType", 8, "enum"]],
  IFCVIRTUALELEMENT: [["GlobalId", 0, "text"]],
  IFCSTAIR: [["GlobalId", 0, "text"], ["Name", 2, "text"]],
  IFCSTAIRFLIGHT: [["GlobalId", 0, "text"], ["Name", 2, "text"]],
  IFCRAMP: [["GlobalId", 0, "text"], ["Name", 2, "text"]],
  IFCRAMPFLIGHT: [["GlobalId", 0, "text"], ["Name", 2, "text"]],
  IFCRELSPACEBOUNDARY: [
    ["RelatingSpace", 4, "ref"],
    ["RelatedBuildingElement", 5, "ref"],
    ["InternalOrExternalBoundary", 8, "enum"],
  ],
};

/** Compares the text reader with web-ifc on every instance READ names; returns how many agreed. */
async function compare(bytes: Uint8Array, label: string): Promise<Record<string, number>> {
  const api = await ifcApi();
  const text: StepText = { bytes, index: checkIfcLines(bytes, label) };
  const model = api.OpenModel(bytes);
  const n = { answered: 0, declined: 0 };
  try {
    const all = api.GetAllLines(model);
    for (let i = 0; i < all.size(); i++) {
      const id = all.get(i);
      const inst = stepInstance(text, id);
      if (!inst || !(inst.name in READ)) continue;
      assertEquals(api.GetLineType(model, id), api.GetTypeCodeFromName(inst.name), `#${id}`);
      const line = api.GetLine(model, id);
      for (const [attr, k, how] of READ[inst.name]) {
        const where = `${label} #${id} ${inst.name}.${attr}`;
        const got = how === "ref"
          ? stepRef(text, inst, k)
          : how === "refs"
          ? stepRefs(text, inst, k)
          : how === "number"
          ? stepNumber(text, inst, k)
          : how === "enum"
          ? stepEnum(text, inst, k)
          : stepText(text, inst, k, true);
        if (got === undefined) {
          n.declined++;
          continue;
        }
        n.answered++;
        // `$` is null here; web-ifc gives null or nothing, which `ref` reads alike.
        const want = how === "ref"
          ? (ref(line[attr]) ?? null)
          : how === "refs"
          ? refs(line[attr])
          : line[attr] === null
          ? null
          : v(line[attr]);
        // Numbers bit for bit (Object.is: -0 is not 0).
        if (how === "number") assert(Object.is(got, want), `${where}: ${got} vs ${want}`);
        else assertEquals(got, want, where);
        // Plain text (no escapes) is answered without `escapes` too, and the same.
        if (how === "text") {
          const plain = stepText(text, inst, k);
          if (plain !== undefined) assertEquals(plain, want, where);
        }
      }
    }
  } finally {
    api.CloseModel(model);
  }
  return n;
}

Deno.test("ifc step text: what it reads of the samples and fixtures is what web-ifc reads", async () => {
  const files = [
    sharedData("ifc/AC20-FZK-Haus.ifc"),
    sharedData("ifc/IfcOpenHouse_IFC4.ifc"),
    ...["no_spaces_ifc4", "open_plan_ifc4", "stair_two_storeys_ifc4", "two_rooms_ifc2x3"].map((
      f,
    ) => fixture(`ifc/${f}.ifc`)),
  ];
  const fzk = await compare(Deno.readFileSync(files[0]), files[0]);
  // FZK-Haus: 482 relations, 176 quantity sets, 306 property sets, 3,000 quantities, 4,451
  // properties; almost all read from the text (its German names are \X2\ escapes).
  assert(fzk.answered > 9000, JSON.stringify(fzk));
  assert(fzk.declined < 100, JSON.stringify(fzk));
  for (const f of files.slice(1)) await compare(Deno.readFileSync(f), f);
});

Deno.test("ifc step text: strings, escapes, lists, white space and lines it must decline", async () => {
  const base = Deno.readTextFileSync(fixture("ifc/two_rooms_ifc2x3.ifc"));
  const lines = [
    "#9001=IFCPROPERTYSINGLEVALUE('a, (b); c',$,IFCREAL(1.),$);",
    "#9002=IFCPROPERTYSINGLEVALUE('it''s',$,IFCREAL(2.),$);",
    "#9003=IFCPROPERTYSINGLEVALUE('H\\X2\\00F6\\X0\\he',$,IFCREAL(3.),$);",
    "#9004=IFCPROPERTYSINGLEVALUE('\\X2\\00C400D6\\X0\\x',$,IFCREAL(4.),$);",
    "#9005=IFCPROPERTYSINGLEVALUE('back\\\\slash',$,IFCREAL(5.),$);",
    "#9006 = IFCPROPERTYSINGLEVALUE ( ' padded ' , $ , IFCREAL(6.) , $ ) ;",
    "#9007=IFCPROPERTYSINGLEVALUE($,$,IFCREAL(7.),$);",
    "#9008=IFCPROPERTYSET('2O2Fr$t4X7Zf8NOew3FLOH',#5,'Set (x)',$,(#9001, #9002 ,#9003,#9004,#9005,#9006,#9007));",
    "#9009=IFCPROPERTYSET('2O2Fr$t4X7Zf8NOew3FLOI',#5,'Empty',$,());",
    "#9010=IFCRELDEFINESBYPROPERTIES('2O2Fr$t4X7Zf8NOew3FLOJ',#5,'r',$,(#88),#9008);",
    "#9011=IFCRELDEFINESBYPROPERTIES('2O2Fr$t4X7Zf8NOew3FLOK',#5,$,$,(#88,#89),#9009);",
    "#9012=IFCPROPERTYSINGLEVALUE(/* a comment */'c',$,IFCREAL(8.),$);",
    "#9013=IFCPROPERTYSINGLEVALUE('first',$,IFCREAL(9.),$);#9014=IFCPROPERTYSINGLEVALUE('second',$,IFCREAL(10.),$);",
    "#9015=IFCPROPERTYSINGLEVALUE('\\X\\E9t\\X\\E9',$,IFCREAL(11.),$);",
    "#9016=IFCQUANTITYLENGTH('a',$,$,1.E-05,$);",
    "#9017=IFCQUANTITYLENGTH('b',$,$,-0.,$);",
    "#9018=IFCQUANTITYLENGTH('c',$,$,123456789.123456789,$);",
    "#9019=IFCQUANTITYLENGTH('d',$,$,$,$);",
    "#9020=IFCQUANTITYLENGTH('e',$,$,0.1000000000000000055511151231257827,$);",
    "#9021=IFCQUANTITYCOUNT('f',$,$,12,$);",
    "#9022=IFCQUANTITYLENGTH('g',$,$,2.5E3,$);",
  ];
  const t = base.replace("ENDSEC;\nEND-ISO", lines.join("\n") + "\nENDSEC;\nEND-ISO");
  assert(t !== base, "the lines were added");
  const bytes = new TextEncoder().encode(t);
  const text: StepText = { bytes, index: checkIfcLines(bytes, "x.ifc") };
  const name = (id: number) => {
    const inst = stepInstance(text, id);
    return inst && stepText(text, inst, 0, true);
  };
  assertEquals(name(9001), "a, (b); c");
  assertEquals(name(9002), "it's");
  assertEquals(name(9003), "Höhe");
  assertEquals(name(9004), "ÄÖx");
  assertEquals(name(9005), undefined, "\\\\ is declined");
  assertEquals(name(9006), " padded ");
  assertEquals(name(9007), null);
  assertEquals(name(9012), undefined, "a comment is declined");
  assertEquals(name(9013), "first");
  assertEquals(stepInstance(text, 9014), undefined, "not at a line's start");
  assertEquals(name(9015), undefined, "\\X\\ is declined");
  const set = stepInstance(text, 9008)!;
  assertEquals(stepText(text, set, 2), "Set (x)");
  assertEquals(stepRefs(text, set, 4), [9001, 9002, 9003, 9004, 9005, 9006, 9007]);
  assertEquals(stepRefs(text, stepInstance(text, 9009)!, 4), []);
  const rel = stepInstance(text, 9011)!;
  assertEquals(stepRefs(text, rel, 4), [88, 89]);
  assertEquals(stepRef(text, rel, 5), 9009);
  assertEquals(stepText(text, rel, 2), null);
  assertEquals(stepRef(text, rel, 0), undefined, "a string is no reference");
  assertEquals(stepRefs(text, set, 2), undefined, "a string is no list");
  assertEquals(stepRef(text, rel, 9), undefined, "past the last argument");
  const num = (id: number) => stepNumber(text, stepInstance(text, id)!, 3);
  assertEquals([9016, 9018, 9019, 9021, 9022].map(num), [1e-5, 123456789.12345679, null, 12, 2500]);
  assert(Object.is(num(9017), -0));
  // And web-ifc reads the ones answered the same.
  const n = await compare(bytes, "x.ifc");
  assert(n.answered > 0 && n.declined > 0, JSON.stringify(n));
  // An id written twice is declined wherever it is.
  const twice = new TextEncoder().encode(
    base.replace(
      "ENDSEC;\nEND-ISO",
      lines[0] + "\n" + lines[1].replace("9002", "9001") + "\nENDSEC;\nEND-ISO",
    ),
  );
  assertEquals(
    stepInstance({ bytes: twice, index: checkIfcLines(twice, "x.ifc") }, 9001),
    undefined,
  );
});
