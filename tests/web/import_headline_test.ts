/**
 * An import's headline warnings (layers/headlines.ts) reach every surface first: the web
 * view's report shows each as an alert before its lists, and MCP import_scan's verdict begins
 * with it. On the hand-written IFC file with no IfcSpace (fixtures/ifc/no_spaces_ifc4.ifc).
 */
import { assertEquals } from "../_assert.ts";
import { fixture } from "../_data.ts";
import { dom } from "../_html.ts";
import { openStore } from "../../core/store.ts";
import { ifcPlan } from "../../layers/ifc/mod.ts";
import { type HeadlineData, headlineText } from "../../layers/headlines.ts";
import { importJob } from "../../mcp/import.ts";
import { testWeb } from "./_server.ts";

const file = fixture("ifc/no_spaces_ifc4.ifc");
const bytes = Deno.readFileSync(file);
const { report } = await ifcPlan(bytes, file);
const expected = report.headlines!.map((h) =>
  headlineText(h.code as "no_rooms", h.data as HeadlineData["no_rooms"])
);

Deno.test("web upload: the no_rooms headline is an alert at the top of the import report", async () => {
  const web = await testWeb();
  try {
    const fd = new FormData();
    fd.append("file", new File([bytes as BlobPart], "no_spaces_ifc4.ifc"));
    fd.append("id", "shell");
    const res = await web.post("/import", fd);
    assertEquals(res.status, 200);
    const page = dom(await res.text());
    const alerts = [...page.querySelectorAll(".report .warning[role=alert]")];
    assertEquals(
      alerts.map((a) => a.textContent?.replace(/^Warning:\s*/, "")),
      expected,
    );
    // Before the report's lists (Mapped, Source lacked …).
    const first = page.querySelector(".report details");
    assertEquals(
      !!first && !!(alerts[0].compareDocumentPosition(first) & 4),
      true,
    );
  } finally {
    await web.close();
  }
});

Deno.test("MCP import_scan: the import job carries the headline", async () => {
  const store = openStore(":memory:");
  try {
    const got = await importJob({ store }, { path: file, id: "shell" });
    assertEquals(got.headlines, expected);
    const withRooms = await importJob({ store }, {
      path: fixture("ifc/open_plan_ifc4.ifc"),
      id: "flat",
    });
    assertEquals(withRooms.headlines, undefined);
  } finally {
    store.close();
  }
});
