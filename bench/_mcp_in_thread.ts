/**
 * bench/mcp_call_ab.ts's control server: mcp.ts's own server (`serveMcp`), with its tools
 * run on the serving thread instead of in the worker pool (`inThread`), so that a tools/call
 * can be timed without its hop to a worker and back. Run under the same confined flags as
 * the real server, with `--home=DIR`.
 */
import { serveMcp } from "../mcp.ts";

const home = Deno.args.find((a) => a.startsWith("--home="))?.slice("--home=".length);
await serveMcp({ ...(home ? { home } : {}), inThread: true });
Deno.exit(0);
