/**
 * The web view in a real browser (playwright-core driving Debian's Chromium; `deno task test`
 * installs it when missing): the five flows and asking in words, each with screenshots
 * (desktop and 390 px phone) under $THRESHOLD_TEST_ARTIFACTS/web when set, and axe-core on every page with no serious or
 * critical violation. One browser for the whole file.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import axe from "axe-core";
import { chromium, type Page } from "playwright-core";
import { loadTool } from "../../core/catalog.ts";
import { createSession, planChoices } from "../../core/session.ts";
import { openStore } from "../../core/store.ts";
import { BUILTIN_SCANS } from "../../layers/builtin.ts";
import { cli } from "../_cli.ts";
import { assertGolden } from "../_golden.ts";
import { sharedData } from "../_data.ts";
import { testWeb, WEB_TOOLS } from "../web/_server.ts";

const CHROMIUM = Deno.env.get("CHROMIUM") ?? "/usr/bin/chromium";
/** Screenshots and axe reports: `$THRESHOLD_TEST_ARTIFACTS/web` when set (kept), else a temporary folder. */
const ART = Deno.env.get("THRESHOLD_TEST_ARTIFACTS")
  ? join(Deno.env.get("THRESHOLD_TEST_ARTIFACTS")!, "web")
  : Deno.makeTempDirSync({ prefix: "threshold-web-art-" });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** axe-core on the page: the WCAG 2.x A and AA rules; returns serious and critical violations. */
async function axeCheck(page: Page, name: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) {
    await page.addScriptTag({ content: (axe as unknown as { source: string }).source });
  }
  const res = await page.evaluate(() =>
    // deno-lint-ignore no-explicit-any
    (globalThis as any).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    })
  ) as {
    violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  };
  await Deno.writeTextFile(join(ART, `axe-${name}.json`), JSON.stringify(res.violations, null, 2));
  return res.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) =>
    `${name}: ${v.id} (${v.impact}) ${v.help}: ${
      v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("; ")
    }`
  );
}

async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(ART, `${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(ART, `${name}-390.png`), fullPage: true });
  // Nothing wider than the phone: no sideways scrolling of the page itself.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize(DESKTOP);
  return overflow;
}

Deno.test("web in a browser: the five flows, screenshots, axe-core on every page", async (t) => {
  await Deno.stat(CHROMIUM).catch(() => {
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)`);
  });
  await Deno.mkdir(ART, { recursive: true });
  const web = await testWeb();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const violations: string[] = [];
  const figures: Record<string, unknown> = {};
  /** What the page says at each point a screen reader hears it: one golden file at the end. */
  const said: Record<string, string | null> = {};
  const hasClass = async (l: { getAttribute(n: string): Promise<string | null> }, c: string) =>
    ((await l.getAttribute("class")) ?? "").split(" ").includes(c);
  try {
    // axe-core is injected as a script: the page's own policy allows only its bundle.
    const page = await browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    const check = async (name: string) => {
      violations.push(...await axeCheck(page, name));
      const w = await shots(page, name);
      assert.ok(w <= PHONE.width, `${name}: the page is ${w} px wide at 390 px`);
    };

    await t.step("home: import the FZK house by upload and see its rooms by name", async () => {
      await page.goto(web.url);
      await check("home");
      // A file dropped on the box goes into the file field.
      await page.evaluate(() => {
        const dt = new DataTransfer();
        dt.items.add(new File(["{}"], "dropped.json"));
        document.querySelector("form.upload")!.dispatchEvent(
          new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }),
        );
      });
      assert.equal(
        await page.evaluate(() =>
          (document.querySelector("#upload-file") as HTMLInputElement).files?.[0]?.name
        ),
        "dropped.json",
      );
      said.upload_ready = await page.textContent("#upload-msg");
      await page.setInputFiles("#upload-file", sharedData("ifc/AC20-FZK-Haus.ifc"));
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await page.waitForSelector("#h-report");
      said.import_heading = await page.textContent("#h-report");
      const rooms = await page.locator(".rooms-list li").allTextContents();
      assert.ok(rooms.length >= 4, `rooms: ${rooms.join(", ")}`);
      await check("import-report");
      const stored = openStore(web.home);
      const [row] = stored.listScans();
      const sid = row.id;
      assert.equal(row.format, "ifc");
      // The rooms by the names the stored plan gives them (the IFC's own names, not ids).
      const fzk = stored.getScan(sid)!.plan;
      stored.close();
      assert.deepEqual(rooms, planChoices(fzk, "room").map((c) => c.label));
      assert.ok(fzk.rooms.every((r) => r.name && r.name !== r.id), "rooms carry names");
      await page.goto(`${web.url}scans/${encodeURIComponent(sid)}`);
      const names = await page.locator("table.rooms tbody th").allTextContents();
      assert.deepEqual(names.sort(), rooms.sort());
      await check("scan-fzk");
    });

    await t.step("ceiling_height on the demo: step lines appear before the verdict", async () => {
      await page.goto(`${web.url}tools`);
      await check("tools");
      await page.goto(`${web.url}tools/ceiling_height`);
      await page.selectOption("#in-scan", "demo");
      await check("tool-ceiling_height");
      // Record the order in which steps and the verdict reach the page.
      await page.evaluate(() => {
        const g = globalThis as unknown as { order: string[] };
        g.order = [];
        new MutationObserver(() => {
          if (document.querySelector(".live-steps li") && !g.order.includes("step")) {
            g.order.push("step");
          }
          if (document.querySelector(".result .verdict") && !g.order.includes("verdict")) {
            g.order.push("verdict");
          }
        }).observe(document.body, { subtree: true, childList: true });
      });
      await page.getByRole("button", { name: "Run Ceiling height" }).click();
      await page.waitForSelector(".result .verdict");
      // Focus moves to the result's heading (issue 27), not back to <body>.
      await page.waitForFunction(() =>
        document.activeElement?.classList.contains("verdict-title") ?? false
      );
      const order = await page.evaluate(() => (globalThis as unknown as { order: string[] }).order);
      assert.deepEqual(order, ["step", "verdict"]);
      const steps = await page.locator(".result .step-log li").allTextContents();
      said.first_step = steps[0];
      assert.equal(await page.getAttribute(".live", "aria-live"), "polite");
      assert.equal(await page.locator(".result").locator(".verdict.status-fail").count(), 1);
      said.ceiling_done = await page.textContent(".run-status");
      figures.first_step_in_browser_ms = await page.evaluate(() => {
        const g = globalThis as unknown as { __firstStepAt: number; __submitAt: number };
        return g.__firstStepAt - g.__submitAt;
      });
      // Choosing a finding highlights its overlay, and choosing an overlay its finding.
      const findings = page.locator(".result li.finding");
      assert.equal(await findings.count(), 2);
      await findings.nth(0).getByRole("button", { name: "Show on plan" }).click();
      const ids0 = (await findings.nth(0).getAttribute("data-overlays"))!.split(" ");
      const hl = await page.locator(".plan-panel .hl").evaluateAll((els) =>
        els.map((e) => e.getAttribute("data-overlay"))
      );
      assert.deepEqual(hl, ids0);
      said.highlighted = await page.textContent(".plan-tools [role=status]");
      const id1 = (await findings.nth(1).getAttribute("data-overlays"))!.split(" ")[0];
      await page.locator(`.plan-panel [data-overlay="${id1}"]`).dispatchEvent("click");
      assert.equal(await hasClass(findings.nth(1), "hl"), true);
      assert.equal(await hasClass(findings.nth(0), "hl"), false);
      assert.equal(
        await page.evaluate(() => document.activeElement?.querySelector("strong")?.textContent),
        await findings.nth(1).locator("strong").textContent(),
      );
      await check("result-ceiling_height");
    });

    await t.step(
      "the chair width unset: the form asks only that; saved from door_clearance, the next tool and the command line use it",
      async () => {
        await page.goto(web.url);
        await page.getByRole("button", { name: /^Select Demo house/ }).click();
        await page.waitForSelector("text=Scan selected");
        const requiredOn = async (tool: string) => {
          await page.goto(`${web.url}tools/${tool}`);
          const required = await page.locator("form.run-form [required]").evaluateAll((els) =>
            els.map((e) => (e as HTMLInputElement).name.replace(/^in\./, ""))
          );
          // The form asks exactly what the run session would ask.
          const store = openStore(web.home);
          const asked = createSession(await loadTool(tool), { store, builtins: BUILTIN_SCANS })
            .preview().questions.map((q) => q.input);
          store.close();
          assert.deepEqual(required, asked, tool);
          return required;
        };
        // step_free_route needs the chair width and nothing fills it: that one input is asked.
        assert.deepEqual(await requiredOn("step_free_route"), ["chair_width_m"]);
        await check("tool-step_free_route");
        // door_clearance takes it when given (else it checks the standard's minimum): shown,
        // not required.
        assert.deepEqual(await requiredOn("door_clearance"), []);
        said.door_chair_hint = await page.textContent("#hint-chair_width_m");
        await page.fill("#in-chair_width_m", "0.71");
        await page.getByLabel(/Remember my answer as my preference \(access\.chair_width_m\)/)
          .check();
        await check("tool-door_clearance");
        await page.getByRole("button", { name: "Run Door clearance" }).click();
        await page.waitForSelector(".result .verdict");
        // The form keeps what was typed through the run.
        assert.equal(await page.inputValue("#in-chair_width_m"), "0.71");
        await check("result-door_clearance");
        // The next tool does not ask again; the form says where the value comes from.
        assert.deepEqual(await requiredOn("step_free_route"), []);
        said.saved_chair_hint = await page.textContent("#hint-chair_width_m");
        const out = await cli(web.home, ["run", "door_clearance", "--json"]);
        assert.equal(out.code, 0, out.stderr);
        assert.deepEqual(JSON.parse(out.stdout).result.inputs.chair_width_m, {
          value: 0.71,
          from: "preference",
        });
      },
    );

    await t.step(
      "ask in words: the chosen tool's form, prefilled from the question, runs to a verdict",
      async () => {
        await page.goto(web.url);
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Ask" })
          .click();
        await page.waitForURL(/\/ask$/);
        // A near-tie offers the close tools by title, best first, instead of guessing.
        await page.getByLabel("Your question").fill("wheelchair in the bathroom");
        await page.getByRole("button", { name: "Ask", exact: true }).click();
        await page.waitForSelector("#h-which");
        assert.ok(await page.locator(".ask-choices").locator("button").count() >= 2);
        await check("ask-which");
        // A question no tool answers says what threshold answers, grouped.
        await page.getByLabel("Your question").fill("what's the weather");
        await page.getByRole("button", { name: "Ask", exact: true }).click();
        await page.waitForSelector("#h-none");
        await check("ask-none");
        await page.getByLabel("Your question").fill(
          "Can I get my wheelchair from the front door to the bathroom? My chair is 66 cm wide.",
        );
        await page.getByRole("button", { name: "Ask", exact: true }).click();
        await page.waitForSelector(".decision");
        assert.equal(await page.locator("section.ask-tool").count(), 1);
        assert.ok(await page.locator("#h-ask-step_free_route").count(), "step_free_route chosen");
        said.decision = await page.textContent(".decision");
        // The saved 0.71 m is the preference; the question's 66 cm is what this run uses.
        assert.equal(await page.inputValue("#in-chair_width_m"), "0.66");
        said.question_chair_hint = await page.textContent("#hint-chair_width_m");
        assert.equal(
          await page.locator("form.run-form").locator("[required]").count(),
          0,
          "nothing asked",
        );
        await check("ask");
        await page.getByRole("button", { name: "Run Step-free route" }).click();
        await page.waitForSelector(".result .verdict");
        assert.equal(await page.locator(".result").locator(".verdict").count(), 1);
        said.ask_done = await page.textContent(".run-status");
        await check("ask-result");
      },
    );

    await t.step("reject a finding, reload, it stays hidden", async () => {
      await page.goto(`${web.url}scans/demo`);
      const first = page.locator("ul.finding-list li.finding").first();
      const title = (await first.locator("strong").textContent())!;
      await first.locator("summary").click();
      const reason = "measured on site"; // what the person typed: data that round-trips
      await first.getByLabel("Why is it wrong?").fill(reason);
      await check("scan-demo");
      await first.getByRole("button", { name: "Reject" }).click();
      await page.waitForLoadState();
      // Back at the finding list, whose heading has the focus (issue 27).
      assert.equal(new URL(page.url()).hash, "#h-findings");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "h-findings");
      await page.reload();
      const open = await page.locator(
        "section[aria-labelledby=h-findings] > ul.finding-list strong",
      )
        .allTextContents();
      assert.ok(!open.includes(title), `${title} is still listed`);
      const rejected = page.locator("details.rejected li.finding");
      assert.ok((await rejected.allTextContents()).some((t) => t.includes(reason)), reason);
      await check("scan-demo-rejected");
      const out = await cli(web.home, ["findings", "--scan", "demo", "--json"]);
      assert.ok(!JSON.parse(out.stdout).some((f: { title: string }) => f.title === title));
    });

    await t.step(
      "the form follows the scan chosen: another building's rooms (issue 27)",
      async () => {
        const store = openStore(web.home);
        const other = store.listScans()[0];
        const plan = store.getScan(other.id)!.plan;
        store.close();
        await page.goto(`${web.url}tools/will_it_fit?scan=demo`);
        const demoRooms = await page.locator("#in-to option").evaluateAll((els) =>
          els.map((e) => (e as HTMLOptionElement).value).filter(Boolean)
        );
        // As a keyboard user does: the scan field has the focus as it changes, and keeps it.
        await page.focus("#in-scan");
        await page.selectOption("#in-scan", other.id);
        await page.waitForFunction(
          (id) =>
            [...document.querySelectorAll("#in-to option")].some((o) =>
              (o as HTMLOptionElement).value === id
            ),
          plan.rooms[0].id,
        );
        const rooms = await page.locator("#in-to option").evaluateAll((els) =>
          els.map((e) => (e as HTMLOptionElement).value).filter(Boolean)
        );
        const ids = new Set(plan.rooms.map((r) => r.id));
        assert.ok(rooms.length > 0 && rooms.every((r) => ids.has(r)), rooms.join(", "));
        assert.ok(!rooms.some((r) => demoRooms.includes(r)), "none of the demo's rooms");
        assert.equal(await page.evaluate(() => document.activeElement?.id), "in-scan");
        said.choices_updated = await page.textContent(".run-status");
      },
    );

    await t.step("keyboard only: reach and run a tool", async () => {
      await page.goto(`${web.url}tools`);
      let focused = "";
      for (let i = 0; i < 40 && focused !== "Ceiling height"; i++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      }
      const title = (await loadTool("ceiling_height")).title;
      assert.equal(focused, title, "the tool's card link is reachable by Tab");
      // The focus is visible: an outline is drawn around the focused link.
      const outline = await page.evaluate(() =>
        getComputedStyle(document.activeElement!).outlineStyle
      );
      assert.notEqual(outline, "none");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/tools\/ceiling_height$/);
      for (let i = 0; i < 40 && focused !== "Run Ceiling height"; i++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      }
      said.run_button = focused;
      await page.keyboard.press("Enter");
      await page.waitForSelector(".result .verdict");
      await check("keyboard-run");
      // The plan's controls work from the keyboard too.
      await page.focus("#plan-view");
      await page.keyboard.press("+");
      said.zoom = await page.textContent(".zoom");
      const runHref = await page.locator(".run-link a").getAttribute("href");
      await page.goto(web.url.replace(/\/$/, "") + runHref);
      await check("run-page");
      await page.goto(`${web.url}no-such-page`);
      await check("not-found");
    });

    await t.step("cancelling a run in the page stops it", async () => {
      const slow = await testWeb({ toolsDir: WEB_TOOLS });
      try {
        await page.goto(`${slow.url}tools/slow_walk`);
        await page.selectOption("#in-scan", "demo");
        await page.getByRole("button", { name: "Run Slow walk" }).click();
        await page.waitForSelector(".live-steps li");
        await page.getByRole("button", { name: "Cancel" }).click();
        await page.waitForFunction(() =>
          document.querySelector(".run-status")?.textContent?.startsWith("Cancelled")
        );
        said.cancelled = await page.textContent(".run-status");
        assert.equal(await page.locator(".result").locator(".verdict").count(), 0);
        await check("cancelled");
        const s = openStore(slow.home);
        assert.equal(s.listRuns({ tool: "slow_walk" }).length, 0);
        s.close();
      } finally {
        await slow.close();
      }
    });

    await t.step("without JavaScript: pages read, and a run is a plain form post", async () => {
      const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
      try {
        const p = await ctx.newPage();
        await p.goto(`${web.url}tools/ceiling_height`);
        await p.getByRole("button", { name: "Run Ceiling height" }).click();
        await p.waitForSelector(".result .verdict");
        assert.equal(await p.locator(".result").locator(".verdict.status-fail").count(), 1);
        // Every floor is drawn (the floor switch is the island's), and no script control shows.
        assert.equal(await p.locator(".plan-panel").count(), 2);
        assert.equal(await p.locator(".plan-panel:visible").count(), 2);
        assert.equal(await p.locator(".plan-tools:visible").count(), 0);
        await p.screenshot({ path: join(ART, "no-js-result.png"), fullPage: true });
      } finally {
        await ctx.close();
      }
    });

    assert.deepEqual(errors, [], "no script errors on any page");
    assert.deepEqual(violations, [], violations.join("\n"));
    await assertGolden("web.browser.said", said);
    await Deno.writeTextFile(join(ART, "figures.json"), JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    await web.close();
  }
});
