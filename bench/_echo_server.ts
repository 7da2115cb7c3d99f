/**
 * Baseline for the MCP cold-start benchmark: a Deno process that answers every JSON-RPC
 * request line with an empty result. What Deno itself costs to start and echo over stdio.
 */
const dec = new TextDecoder();
const enc = new TextEncoder();
let buf = "";
for await (const chunk of Deno.stdin.readable) {
  buf += dec.decode(chunk, { stream: true });
  let nl;
  while ((nl = buf.indexOf("\n")) >= 0) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.id !== undefined) {
      await Deno.stdout.write(
        enc.encode(JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: {} }) + "\n"),
      );
    }
  }
}
