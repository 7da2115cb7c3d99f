/**
 * The tour upload in a real browser, by keyboard (issue 27 §3): Tab to the file field, Space
 * opens the chooser, a ZInD tour's file and its panoramas are chosen, Tab to Import and Enter;
 * the report lists the rooms and the stored scan's sweeps show the uploaded panoramas. A zip
 * whose path leaves its folder is refused on the page, nothing stored. axe-core (WCAG 2.2 A/AA)
 * on each page: no serious or critical violation. Chromium as in web_browser_test.ts.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import axe from "axe-core";
import { zipSync } from "fflate";
import { chromium, type Page } from "playwright-core";
import { openStore } from "../../core/store.ts";
import { sharedData } from "../_data.ts";
import { testWeb } from "../web/_server.ts";

const CHROMIUM = Deno.env.get("CHROMIUM") ?? "/usr/bin/chromium";
const PANOS = sharedData("zind/panos");
const JSON_PATH = sharedData("zind/zind_data.json");

async function axeSerious(page: Page, name: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) {
    await page.addScriptTag({ content: (axe as unknown as { source: string }).source });
  }
  const res = await page.evaluate(() =>
    // deno-lint-ignore no-explicit-any
    (globalThis as any).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    })
  ) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
  return res.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes[0]?.target.join(" ")}`);
}

/** Presses Tab until `selector` has the focus (at most `max` times); false when it never does. */
async function tabTo(page: Page, selector: string, max = 150): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
      return true;
    }
  }
  return false;
}

/** From the top of the home page, by keyboard: the file field, Space, the files, Import. */
async function uploadByKeyboard(page: Page, url: string, files: string[]) {
  await page.goto(url);
  assert.ok(await tabTo(page, "#upload-file"), "Tab reaches the file field");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.keyboard.press("Space"),
  ]);
  assert.ok(chooser.isMultiple(), "the field takes several files");
  await chooser.setFiles(files);
  assert.ok(await tabTo(page, "form.upload button[type=submit]", 10), "Tab reaches Import");
  await Promise.all([page.waitForLoadState("load"), page.keyboard.press("Enter")]);
}

Deno.test({
  name: "web in a browser: a tour and its panoramas uploaded by keyboard; a bad zip refused; axe",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await Deno.stat(CHROMIUM).catch(() => {
      throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`);
    });
    const web = await testWeb();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    const tmp = await Deno.makeTempDir({ prefix: "threshold-upload-" });
    const violations: string[] = [];
    try {
      const page = await browser.newPage({ bypassCSP: true });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(web.url);
      violations.push(...await axeSerious(page, "home"));

      const panos = [...Deno.readDirSync(PANOS)].filter((e) => e.isFile).map((e) => e.name);
      await uploadByKeyboard(page, web.url, [JSON_PATH, ...panos.map((n) => join(PANOS, n))]);
      await page.waitForSelector("#h-report");
      violations.push(...await axeSerious(page, "tour-report"));
      const rooms = await page.locator(".rooms-list li").allTextContents();
      const store = openStore(web.home);
      const [row] = store.listScans();
      const plan = store.getScan(row.id)!.plan;
      store.close();
      assert.equal(row.format, "zind");
      assert.equal(rooms.length, plan.rooms.length);
      const kept = new Set(plan.sweeps.map((s) => s.image).filter((p) => p?.startsWith(web.home)));
      assert.equal(kept.size, panos.length, "each uploaded panorama is a sweep's image");

      // A zip holding a path that leaves its folder: refused on the page, nothing stored.
      const bad = join(tmp, "bad.zip");
      await Deno.writeFile(
        bad,
        zipSync({ "zind_data.json": Deno.readFileSync(JSON_PATH), "../x.jpg": new Uint8Array(3) }),
      );
      await uploadByKeyboard(page, web.url, [bad]);
      await page.waitForSelector("#import-error");
      violations.push(...await axeSerious(page, "tour-refused"));
      const again = openStore(web.home);
      assert.equal(again.listScans().length, 1, "nothing more was stored");
      again.close();
      assert.deepEqual(errors, []);
      assert.deepEqual(violations, []);
    } finally {
      await browser.close();
      await web.close();
      await Deno.remove(tmp, { recursive: true });
    }
  },
});
