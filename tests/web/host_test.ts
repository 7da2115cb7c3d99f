/**
 * Issue 31 § 2: no other site can reach the web view by rebinding a name, and no page can
 * change where the API key goes. Bound off loopback the server answers only to its addresses
 * and the names `--allow-host` gives, and only with its access token; the settings that route
 * the key (agent.provider, agent.base_url) are never set from the web view; `Origin: ::::` is
 * a 403, not a 500. The off-loopback server runs in a private network namespace when one can
 * be made (`unshare -rn`); every request goes to 127.0.0.1.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { openStore } from "../../core/store.ts";
import { allowedHost, checkAllowedHost } from "../../web/mod.ts";
import { raw } from "./_host_probe.ts";
import { testWeb } from "./_server.ts";
import { InputError } from "../../ground/errors.ts";
import { assertGolden } from "../_golden.ts";
import { dom, spoken, textOf } from "../_html.ts";

const PROBE = fileURLToPath(new URL("./_host_probe.ts", import.meta.url));

/** The probe's lines, run inside `unshare -rn` (loopback only) when the machine allows it. */
async function probe(): Promise<Record<string, any>> {
  const deno = [Deno.execPath(), "run", "-A", PROBE];
  const ns = await new Deno.Command("unshare", {
    args: ["-rn", "sh", "-c", 'ip link set lo up && exec "$@"', "sh", ...deno],
    stdout: "piped",
    stderr: "piped",
  }).output().catch(() => undefined);
  let out = ns?.code === 0 ? ns.stdout : undefined;
  if (!out) {
    // No private namespace here: bound to every interface for about a second, guarded by a
    // random token, with traffic only to 127.0.0.1.
    const o = await new Deno.Command(deno[0], { args: deno.slice(1), stdout: "piped" }).output();
    assert.equal(o.code, 0);
    out = o.stdout;
  }
  const lines = new TextDecoder().decode(out).trim().split("\n").map((l) => JSON.parse(l));
  return Object.fromEntries(lines.map((l) => [l.case, l]));
}

Deno.test("web host: bound off loopback, a rebound name, a missing token and a page setting agent.base_url are all refused", async () => {
  const r = await probe();
  assert.equal(r["rebound_no_token"].status, 403);

  assert.equal(
    r["rebound_with_token"].status,
    403,
    "the name is refused even with the token",
  );
  assert.equal(r["own_no_token"].status, 403);

  assert.equal(r["own_wrong_token"].status, 403);
  assert.equal(r["own_token_in_address"].status, 303);
  // The cookie: the token (32 URL-safe characters), HttpOnly, SameSite=Strict, for the site.
  const [pair, ...flags] = r["own_token_in_address"].cookie.split("; ");
  const [cookieName, token] = pair.split("=");
  assert.equal(cookieName, "threshold_token");
  assert.equal(token.length, 32);
  const urlSafe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  assert.ok([...token].every((c: string) => urlSafe.includes(c)), token);
  assert.deepEqual(flags, ["HttpOnly", "SameSite=Strict", "Path=/"]);
  assert.equal(r["own_token_in_address"].location, "/");
  assert.equal(r["own_token_cookie"].status, 200);
  assert.equal(r["allowed_token_cookie"].status, 200);
  assert.equal(
    r["under_allowed"].status,
    403,
    "house.example allows no name under it",
  );
  assert.equal(r["other_ip_token_cookie"].status, 200, "an address cannot be rebound");
  assert.equal(r["own_other_port"].status, 403);

  assert.equal(r["rebound_sets_base_url"].status, 403);
  assert.equal(r["own_sets_base_url"].status, 403);

  assert.equal(r["origin_colons"].status, 403);
  assert.equal(r["stored_base_url"].value, null, "nothing reached the store");
  // Each refusal says why and what would be allowed (the ports as <port>).
  await assertGolden("web.host.refusals", {
    rebound_no_token: r["rebound_no_token"].body,
    own_no_token: r["own_no_token"].body,
    own_other_port: r["own_other_port"].body,
    own_sets_base_url: r["own_sets_base_url"].body,
  });
});

Deno.test("web host: on loopback another name is refused, Origin :::: is a 403, and neither key-routing setting is offered or taken", async () => {
  const web = await testWeb();
  try {
    const refusals: Record<string, string> = {};
    const evil = await raw(web.port, "GET / HTTP/1.1\r\nHost: evil.example\r\n");
    assert.equal(evil.status, 403);
    for (const origin of ["::::", "null", "http://[", "evil"]) {
      const r = await web.post("/select", new URLSearchParams({ scan: "demo" }), { origin });
      assert.equal(r.status, 403, origin);
      refusals[`origin ${origin}`] = await r.text();
    }
    for (const key of ["agent.provider", "agent.base_url"]) {
      for (const action of ["save", "unset"]) {
        const r = await web.post("/prefs", new URLSearchParams({ key, value: "openai", action }));
        assert.equal(r.status, 403, `${key} ${action}`);
        // The refusal names the command that does it instead (in the golden file).
        refusals[`${key} ${action}`] = textOf(dom(await r.text()), '[role="alert"]')!;
      }
    }
    // A preference that routes nothing is still the web view's to set.
    const ok = await web.post(
      "/prefs",
      new URLSearchParams({ key: "agent.model", value: "m1", action: "save" }),
    );
    assert.equal(ok.status, 303);
    const s = openStore(web.home);
    assert.equal(s.getPref("agent.provider"), undefined);
    assert.equal(s.getPref("agent.base_url"), undefined);
    assert.equal(s.getPref("agent.model"), "m1");
    s.close();
    const home = dom(await (await web.get("/")).text());
    assert.equal(home.querySelector('[name="key"][value="agent.base_url"]'), null, "not offered");
    assert.equal(home.querySelector('[name="key"][value="agent.provider"]'), null, "not offered");
    // Each key-routing setting is shown, said to be set only on the command line.
    const shown = (key: string) =>
      [...home.querySelectorAll("li")].find((li) => textOf(li, "span.muted") === key);
    const notes = ["agent.provider", "agent.base_url"].map((k) => shown(k));
    for (const li of notes) assert.ok(li?.querySelector("code"), "with the command to use");
    await assertGolden("web.host.loopback", { refusals, notes: notes.map((li) => spoken(li!)) });
  } finally {
    await web.close();
  }
});

Deno.test("web host: the Host check reads ports, brackets and allowed names; --allow-host names are checked", () => {
  const g = { hostname: "0.0.0.0", port: 8787, allow: [".house.example", "a.example"] };
  const yes = [
    "127.0.0.1:8787",
    "localhost:8787",
    "[::1]:8787",
    "10.0.0.2:8787",
    "[fe80::1]:8787",
    "a.example:8787",
    "house.example:8787",
    "x.house.example:8787",
    "A.EXAMPLE:8787",
  ];
  const no = [
    "evil.example:8787",
    "a.example:8788",
    "a.example",
    "b.a.example:8787",
    "xhouse.example:8787",
    "300.1.1.1:8787",
    "",
    "127.0.0.1:8787:1",
    "a.example:8787/x",
  ];
  for (const h of yes) assert.equal(allowedHost(h, g), true, h);
  for (const h of no) assert.equal(allowedHost(h, g), false, h);
  // On loopback an IP address that is not loopback is refused: nobody else reaches it anyway.
  assert.equal(allowedHost("10.0.0.2:8787", { ...g, hostname: "127.0.0.1" }), false);
  assert.equal(checkAllowedHost(" House.Example "), "house.example");
  for (const bad of ["http://x", "a b"]) {
    assert.throws(() => checkAllowedHost(bad), (e: unknown) => {
      assert.ok(e instanceof InputError);
      assert.equal(e.input, "--allow-host");
      assert.ok(e.message.includes(JSON.stringify(bad)), e.message);
      return true;
    });
  }
});
