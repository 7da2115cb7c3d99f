/** The web view: `threshold web` and `deno task web` start it. */
export { allowedHost, checkAllowedHost, DEFAULT_PORT, isLoopback, startWeb } from "./server.tsx";
export type { WebOptions, WebServer } from "./server.tsx";
