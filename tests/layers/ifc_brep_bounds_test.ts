/**
 * Bounds of faceted breps read from the STEP text (layers/ifc/brep_bounds.ts) against web-ifc's
 * meshes of the same elements: FZK-Haus's doors, windows and railings, and a hand-written file
 * whose breps sit under a rotated placement chain, in millimetres, and in a mapped item with a
 * scaled, rotated MappingTarget and a moved MappingOrigin. web-ifc's vertices are float32, so
 * the two agree to 1e-5 m, not bit for bit; the plans they give are compared byte for byte by
 * tests/layers/ifc_identical_test.ts.
 */
import assert from "node:assert/strict";
import * as W from "npm:web-ifc@0.0.78";
import { ifcApi, readUnits } from "../../layers/ifc/mod.ts";
import { checkIfcLines } from "../../layers/ifc/lines.ts";
import { type MeshInfo, readMeshes } from "../../layers/ifc/meshes.ts";
import { brepBounds, brepCache } from "../../layers/ifc/brep_bounds.ts";
import { sharedData } from "../_data.ts";

/** The largest difference between two bounds' corners, m. */
function apart(a: MeshInfo, b: MeshInfo): number {
  let d = 0;
  for (let k = 0; k < 3; k++) {
    d = Math.max(d, Math.abs(a.min[k] - b.min[k]), Math.abs(a.max[k] - b.max[k]));
  }
  return d;
}

/** Each element's text bounds (undefined where not read) and web-ifc's mesh bounds. */
async function both(bytes: Uint8Array, ids: (api: W.IfcAPI, model: number) => number[]) {
  const api = await ifcApi();
  const text = { bytes, index: checkIfcLines(bytes, "test.ifc") };
  const model = api.OpenModel(bytes);
  try {
    const L = readUnits(api, model).length_m;
    const cache = brepCache();
    return ids(api, model).map((id) => ({
      id,
      text: brepBounds(text, id, L, cache),
      mesh: readMeshes(api, model, [id], new Set()).get(id),
    }));
  } finally {
    api.CloseModel(model);
  }
}

Deno.test("FZK-Haus: every door, window and railing's brep bounds are its mesh's, to 1e-5 m", async () => {
  const bytes = Deno.readFileSync(sharedData("ifc/AC20-FZK-Haus.ifc"));
  const types = [W.IFCDOOR, W.IFCWINDOW, W.IFCRAILING];
  const got = await both(
    bytes,
    (api, model) => types.flatMap((t) => [...api.GetLineIDsWithType(model, t, true) as never]),
  );
  assert.equal(got.length, 18);
  for (const { id, text, mesh } of got) {
    assert.ok(text && mesh, `#${id}: read from the text and meshed`);
    assert.ok(apart(text, mesh) < 1e-5, `#${id}: ${JSON.stringify({ text, mesh })}`);
  }
  // Extruded walls and slabs are not read from the text: they are meshed.
  const walls = await both(bytes, (api, model) => [
    ...api.GetLineIDsWithType(model, W.IFCWALLSTANDARDCASE) as never,
    ...api.GetLineIDsWithType(model, W.IFCSLAB) as never,
  ]);
  assert.ok(walls.length >= 10);
  for (const w of walls) assert.equal(w.text, undefined, `#${w.id}`);
});

/** A unit cube's faceted brep from #200 on (its 8 points, 6 faces). */
function cube(): string {
  const p = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0, 1], [1, 0, 1], [1, 1, 1], [
    0,
    1,
    1,
  ]];
  const faces = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [
    3,
    0,
    4,
    7,
  ]];
  const lines = p.map(([x, y, z], i) => `#${200 + i}=IFCCARTESIANPOINT((${x}.,${y}.,${z}.));`);
  faces.forEach((f, i) => {
    lines.push(`#${210 + i}=IFCPOLYLOOP((${f.map((k) => `#${200 + k}`).join(",")}));`);
    lines.push(`#${220 + i}=IFCFACEOUTERBOUND(#${210 + i},.T.);`);
    lines.push(`#${230 + i}=IFCFACE((#${220 + i}));`);
  });
  lines.push(`#240=IFCCLOSEDSHELL((${faces.map((_, i) => `#${230 + i}`).join(",")}));`);
  lines.push("#241=IFCFACETEDBREP(#240);");
  return lines.join("\n");
}

const SMALL = `ISO-10303-21;
HEADER;
FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');
FILE_NAME('breps.ifc','2026-01-01T00:00:00',('threshold'),('threshold'),'test','test','');
FILE_SCHEMA(('IFC4'));
ENDSEC;
DATA;
#10=IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.);
#13=IFCUNITASSIGNMENT((#10));
#20=IFCCARTESIANPOINT((0.,0.,0.));
#21=IFCDIRECTION((0.,0.,1.));
#22=IFCDIRECTION((1.,0.,0.));
#23=IFCAXIS2PLACEMENT3D(#20,#21,#22);
#25=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#23,$);
#30=IFCPROJECT('0N1b2C3d4E5f6G7h8I9j0K',$,'Breps',$,$,$,$,(#25),#13);
${cube()}
#250=IFCSHAPEREPRESENTATION(#25,'Body','Brep',(#241));
#251=IFCPRODUCTDEFINITIONSHAPE($,$,(#250));
#260=IFCCARTESIANPOINT((1000.,2000.,300.));
#261=IFCAXIS2PLACEMENT3D(#260,$,$);
#262=IFCLOCALPLACEMENT($,#261);
#263=IFCCARTESIANPOINT((50.,-20.,10.));
#264=IFCDIRECTION((0.6,0.8,0.));
#265=IFCDIRECTION((0.,0.3,0.9539392014169456));
#266=IFCAXIS2PLACEMENT3D(#263,#265,#264);
#267=IFCLOCALPLACEMENT(#262,#266);
#268=IFCWINDOW('1N1b2C3d4E5f6G7h8I9j0K',$,'Tilted',$,$,#267,#251,$,$,$,$,$,$);
#270=IFCCARTESIANPOINT((0.5,0.5,0.));
#271=IFCAXIS2PLACEMENT3D(#270,$,$);
#272=IFCREPRESENTATIONMAP(#271,#250);
#273=IFCCARTESIANPOINT((400.,0.,0.));
#274=IFCDIRECTION((0.,1.,0.));
#275=IFCCARTESIANTRANSFORMATIONOPERATOR3D($,$,#273,250.,$);
#276=IFCMAPPEDITEM(#272,#275);
#277=IFCSHAPEREPRESENTATION(#25,'Body','MappedRepresentation',(#276));
#278=IFCPRODUCTDEFINITIONSHAPE($,$,(#277));
#279=IFCRAILING('2N1b2C3d4E5f6G7h8I9j0K',$,'Mapped',$,$,#267,#278,$,$);
#280=IFCCARTESIANPOINT((0.,0.));
#281=IFCCARTESIANPOINT((100.,0.));
#282=IFCCARTESIANPOINT((100.,50.));
#283=IFCPOLYLINE((#280,#281,#282,#280));
#284=IFCARBITRARYCLOSEDPROFILEDEF(.AREA.,$,#283);
#285=IFCEXTRUDEDAREASOLID(#284,#23,#21,70.);
#286=IFCSHAPEREPRESENTATION(#25,'Body','SweptSolid',(#285));
#287=IFCPRODUCTDEFINITIONSHAPE($,$,(#286));
#288=IFCRAILING('3N1b2C3d4E5f6G7h8I9j0K',$,'Extruded',$,$,#262,#287,$,$);
#290=IFCCARTESIANTRANSFORMATIONOPERATOR3D(#274,$,#273,250.,$);
#291=IFCMAPPEDITEM(#272,#290);
#292=IFCSHAPEREPRESENTATION(#25,'Body','MappedRepresentation',(#291));
#293=IFCPRODUCTDEFINITIONSHAPE($,$,(#292));
#294=IFCRAILING('4N1b2C3d4E5f6G7h8I9j0K',$,'Mapped with axes',$,$,#267,#293,$,$);
ENDSEC;
END-ISO-10303-21;
`;

Deno.test("breps under a tilted placement and a scaled mapped item: the mesh's bounds", async () => {
  const got = await both(new TextEncoder().encode(SMALL), () => [268, 279, 288, 294]);
  const [tilted, mapped, extruded, withAxes] = got;
  for (const { id, text, mesh } of [tilted, mapped]) {
    assert.ok(text && mesh, `#${id}`);
    assert.ok(apart(text, mesh) < 1e-5, `#${id}: ${JSON.stringify({ text, mesh })}`);
  }
  // The mapped cube is the tilted one (1 mm) at Scale 250, under the same placement.
  const m = mapped.text!, u = tilted.text!;
  for (let k = 0; k < 3; k++) {
    assert.ok(Math.abs(m.max[k] - m.min[k] - 250 * (u.max[k] - u.min[k])) < 1e-9, `axis ${k}`);
  }
  // Neither an extrusion nor a transformation operator with stated axes is read: both meshed.
  for (const other of [extruded, withAxes]) {
    assert.ok(other.mesh, `#${other.id} is meshed`);
    assert.equal(other.text, undefined, `#${other.id}`);
  }
});

Deno.test("brep bounds: exponents read as Number() reads them; a cyclic placement is not read", () => {
  const at = (text: string, id: number) => {
    const bytes = new TextEncoder().encode(text);
    return brepBounds({ bytes, index: checkIfcLines(bytes, "t.ifc") }, id, 0.001, brepCache());
  };
  const plain = at(SMALL, 268);
  const written = at(
    SMALL.replace(
      "#260=IFCCARTESIANPOINT((1000.,2000.,300.));",
      "#260=IFCCARTESIANPOINT((1.E3,2.0E+03,3000.E-1));",
    ),
    268,
  );
  assert.ok(plain && written);
  assert.deepEqual(written, plain);
  const cyclic = SMALL.replace(
    "#262=IFCLOCALPLACEMENT($,#261);",
    "#262=IFCLOCALPLACEMENT(#267,#261);",
  );
  assert.equal(at(cyclic, 268), undefined);
  // A point that is not three numbers: not read.
  assert.equal(
    at(
      SMALL.replace("#203=IFCCARTESIANPOINT((0.,1.,0.));", "#203=IFCCARTESIANPOINT((0.,1.,x));"),
      268,
    ),
    undefined,
  );
});

Deno.test("readMeshes: faceted breps' bounds from the text, but an element with openings meshed", async () => {
  const api = await ifcApi();
  const bytes = new TextEncoder().encode(SMALL);
  const text = { bytes, index: checkIfcLines(bytes, "t.ifc") };
  const model = api.OpenModel(bytes);
  const streamed: number[][] = [];
  const spy = new Proxy(api, {
    get: (o, k) =>
      k === "StreamMeshes"
        ? (m: number, ids: number[], cb: (mesh: W.FlatMesh) => void) => (
          streamed.push([...ids]), o.StreamMeshes(m, ids, cb)
        )
        : Reflect.get(o, k),
  });
  try {
    const read = (voided: number[]) =>
      readMeshes(spy, model, [268, 288], new Set(), {
        text,
        length_m: 0.001,
        voided: new Set(voided),
        cache: brepCache(),
      });
    const plain = read([]);
    assert.deepEqual(streamed, [[288]]);
    const voided = read([268]);
    assert.deepEqual(streamed, [[288], [268, 288]]);
    assert.ok(apart(plain.get(268)!, voided.get(268)!) < 1e-5);
    assert.deepEqual(plain.get(288), voided.get(288));
  } finally {
    api.CloseModel(model);
  }
});
