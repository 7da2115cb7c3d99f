/**
 * Test helper for the web view's Host and token checks (tests/web/host_test.ts): starts a
 * server bound to every interface (0.0.0.0) with a token and `--allow-host house.example`,
 * sends raw requests to 127.0.0.1 only, each with the Host, Origin and cookie a case names,
 * and prints one JSON line per case: `{ case, status, body, cookie, location }`. Run in a
 * private network namespace when the test can make one (`unshare -rn`), so nothing outside
 * the namespace's loopback could reach the server.
 */
import { openStore } from "../../core/store.ts";
import { startWeb } from "../../web/mod.ts";
import { alertOf } from "../_html.ts";

/** One raw HTTP/1.1 request to 127.0.0.1:port; the status line, headers and body. */
export async function raw(
  port: number,
  head: string,
  body = "",
): Promise<{ status: number; headers: string; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const len = body ? `Content-Length: ${new TextEncoder().encode(body).length}\r\n` : "";
  await conn.write(new TextEncoder().encode(`${head}${len}Connection: close\r\n\r\n${body}`));
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(65536);
  for (;;) {
    const n = await conn.read(buf);
    if (n === null) break;
    chunks.push(buf.slice(0, n));
  }
  conn.close();
  const text = new TextDecoder().decode(
    chunks.reduce((a, c) => new Uint8Array([...a, ...c]), new Uint8Array()),
  );
  const [h, ...rest] = text.split("\r\n\r\n");
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(h)?.[1]),
    headers: h,
    body: rest.join("\r\n\r\n"),
  };
}

if (import.meta.main) {
  const home = Deno.makeTempDirSync({ prefix: "threshold-host-probe-" });
  const web = await startWeb({ port: 0, host: "0.0.0.0", home, allow_hosts: ["house.example"] });
  const port = web.port, token = web.token!;
  const cookie = `Cookie: threshold_token=${token}\r\n`;
  const get = (host: string, path = "/", extra = "") =>
    raw(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}`);
  const post = (host: string, origin: string, body: string, extra = cookie) =>
    raw(
      port,
      `POST /prefs HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\n${extra}`,
      body,
    );
  const me = `127.0.0.1:${port}`;
  const cases: [string, Promise<{ status: number; headers: string; body: string }>][] = [
    ["rebound_no_token", get(`evil.example:${port}`)],
    ["rebound_with_token", get(`evil.example:${port}`, "/", cookie)],
    ["own_no_token", get(me)],
    ["own_wrong_token", get(me, "/", "Cookie: threshold_token=nope\r\n")],
    ["own_token_in_address", get(me, `/?token=${token}`)],
    ["own_token_cookie", get(me, "/", cookie)],
    ["allowed_token_cookie", get(`house.example:${port}`, "/", cookie)],
    ["under_allowed", get(`sub.house.example:${port}`, "/", cookie)],
    ["other_ip_token_cookie", get(`192.0.2.7:${port}`, "/", cookie)],
    ["own_other_port", get(`127.0.0.1:${port + 1}`, "/", cookie)],
    [
      "rebound_sets_base_url",
      post(
        `evil.example:${port}`,
        `http://evil.example:${port}`,
        "key=agent.base_url&value=http%3A%2F%2Fevil.example%2Fv1&action=save",
      ),
    ],
    [
      "own_sets_base_url",
      post(
        me,
        `http://${me}`,
        "key=agent.base_url&value=http%3A%2F%2Fevil.example%2Fv1&action=save",
      ),
    ],
    ["origin_colons", post(me, "::::", "key=units&value=metric&action=save")],
  ];
  for (const [name, p] of cases) {
    const r = await p;
    console.log(JSON.stringify({
      case: name,
      status: r.status,
      // A page's message is in its alert; plain refusals are the whole body.
      body: (alertOf(r.body) ?? r.body).slice(0, 600).replaceAll(String(port), "<port>")
        .replaceAll(String(port + 1), "<port+1>"),
      cookie: /set-cookie: ([^\r\n]*)/i.exec(r.headers)?.[1] ?? null,
      location: /location: ([^\r\n]*)/i.exec(r.headers)?.[1] ?? null,
    }));
  }
  await web.close();
  const s = openStore(home);
  console.log(
    JSON.stringify({ case: "stored_base_url", value: s.getPref("agent.base_url") ?? null }),
  );
  s.close();
  Deno.removeSync(home, { recursive: true });
}
