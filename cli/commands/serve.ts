/**
 * `threshold mcp` and `threshold web`: the tools served to agents (MCP, stdio) and to a
 * browser.
 * @module
 */
import { resolve } from "node:path";
import { InputError } from "../../ground/errors.ts";
import { defaultHome } from "../../core/store.ts";
import { err, EXIT, type Register } from "../common.ts";

/** `mcp`: every tool over MCP (stdio). */
export const mcp: Register = (p, { act }) => {
  p.command("mcp").description("Serve every tool over MCP (stdio) to AI agents and hosts")
    .option("--root <dir...>", "a folder the server may read besides its store (repeatable)")
    .option("--home <dir>", "the store folder (default $THRESHOLD_HOME or ~/.threshold)")
    .option("--print-host-config", "print a ready-to-paste MCP host configuration")
    .option("--workers <n>", "tool runs at once (default: the machine's cores less one)")
    .option("--queue <n>", "calls that may wait for a worker; past it a call is told to retry")
    .action(act(
      async (
        o: {
          root?: string[];
          home?: string;
          printHostConfig?: boolean;
          workers?: string;
          queue?: string;
        },
      ) => {
        const { serveMcp, parseMcpArgs } = await import("../../mcp.ts");
        // The two numbers are read (and refused in words) as the server reads them.
        const lim = parseMcpArgs([
          ...(o.workers !== undefined ? [`--workers=${o.workers}`] : []),
          ...(o.queue !== undefined ? [`--queue=${o.queue}`] : []),
        ]);
        await serveMcp({
          roots: o.root ?? [],
          home: o.home,
          printHostConfig: o.printHostConfig,
          ...(lim.workers !== undefined ? { workers: lim.workers } : {}),
          ...(lim.queue !== undefined ? { queue: lim.queue } : {}),
        });
      },
    ));
};

/** `web`: the web view on this machine. */
export const web: Register = (p, { listing }) => {
  p.command("web").description("Serve the web view (every tool in a browser) on this machine")
    .option("--port <n>", "port to listen on (0 picks a free one)", "8787")
    .option("--host <host>", "interface to bind; anything but loopback is open to the network")
    .option(
      "--allow-host <name...>",
      "a name the server answers to besides its addresses (repeatable; .example.org: every name under it)",
    )
    .option("--open", "open the web view in the default browser")
    .action(
      listing(async (o: { port: string; host?: string; open?: boolean; allowHost?: string[] }) => {
        const port = Number(o.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          throw new InputError("--port", `must be a whole number from 0 to 65535, got ${o.port}`);
        }
        const { isLoopback, checkAllowedHost } = await import("../../web/mod.ts");
        const host = o.host ?? "127.0.0.1";
        const allow_hosts = (o.allowHost ?? []).flatMap((h) => h.split(",")).filter(Boolean)
          .map(checkAllowedHost);
        if (!isLoopback(host)) {
          err(
            `threshold web: warning: listening on ${host}: anyone on the network who has the address with its ?token= can use the web view, read your scans and change your store. It answers to its IP addresses${
              allow_hosts.length
                ? ` and to ${allow_hosts.join(", ")}`
                : " (--allow-host NAME adds a name)"
            }.`,
          );
        }
        if (o.open) openBrowserWhenUp(host, port);
        const { canConfine, runConfinedWeb } = await import("../../web/confine.ts");
        if (canConfine()) {
          // As the MCP server: the serving process reads only the store, the code and uploads.
          return (await runConfinedWeb({ home: resolve(defaultHome()), port, host, allow_hosts }))
            ? EXIT.error
            : 0;
        }
        const { serveUntilStopped } = await import("../../web/main.ts");
        await serveUntilStopped({ port, host, allow_hosts });
      }),
    );
};

/** Opens the web view in the default browser once it answers (port 0: not known here). */
function openBrowserWhenUp(host: string, port: number) {
  if (port === 0) return err("threshold web: --open needs a fixed --port");
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${shown}:${port}/`;
  const t0 = Date.now();
  const tryOpen = () =>
    fetch(url).then((r) => r.body?.cancel()).then(() => openBrowser(url), () => {
      if (Date.now() - t0 < 30_000) setTimeout(tryOpen, 250);
    });
  setTimeout(tryOpen, 250);
}

/** Opens a URL in the default browser; a failure only says so. */
function openBrowser(url: string) {
  const cmd = Deno.build.os === "darwin"
    ? ["open", url]
    : Deno.build.os === "windows"
    ? ["cmd", "/c", "start", "", url]
    : ["xdg-open", url];
  try {
    new Deno.Command(cmd[0], { args: cmd.slice(1), stdout: "null", stderr: "null" }).spawn();
  } catch (e) {
    err(`threshold web: could not open a browser (${(e as Error).message}); open ${url}`);
  }
}
