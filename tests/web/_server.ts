/** Starts a web view on a free loopback port with a fresh store, for tests. */
import { startWeb, type WebServer } from "../../web/mod.ts";
import { tempHome } from "../_cli.ts";

export const WEB_TOOLS = new URL("../../fixtures/web_tools/", import.meta.url);

export interface TestWeb extends WebServer {
  home: string;
  origin: string;
  /** A POST with this server's Origin. */
  post(path: string, body: BodyInit, headers?: Record<string, string>): Promise<Response>;
  get(path: string): Promise<Response>;
}

export async function testWeb(
  opts: {
    toolsDir?: URL;
    max_upload_bytes?: number;
    home?: string;
    pool?: { size?: number; queue_max?: number };
  } = {},
): Promise<TestWeb> {
  const home = opts.home ?? tempHome();
  const web = await startWeb({ port: 0, home, ...opts });
  const origin = web.url.replace(/\/$/, "");
  return {
    ...web,
    home,
    origin,
    post: (path, body, headers = {}) =>
      fetch(origin + path, {
        method: "POST",
        body,
        headers: { origin, ...headers },
        redirect: "manual",
      }),
    get: (path) => fetch(origin + path),
  };
}

/** Reads an SSE body into its events, in order. */
export async function sseEvents(res: Response): Promise<{ event: string; data: any }[]> {
  const text = await res.text();
  return text.split("\n\n").filter((c) => c.includes("data:")).map((c) => {
    const event = /^event: (.*)$/m.exec(c)?.[1] ?? "message";
    const data = JSON.parse(
      c.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).join("\n"),
    );
    return { event, data };
  });
}
