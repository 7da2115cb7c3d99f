/**
 * `join` for file paths without `node:path` (issue 29): importing any Node-compatibility module
 * costs a cold start 10–20 ms, and the store's and the listing cache's paths are on the path
 * of `threshold tools`. On POSIX it is Node's `path.posix.join` (empty parts dropped, `.` and
 * `..` resolved, repeated slashes collapsed, a trailing slash kept, `"."` for nothing); on
 * Windows the same with `\` (either slash read as one), without Node's UNC and drive rules.
 * @module
 */

const WINDOWS = Deno.build.os === "windows";

/** Joins path parts and normalises the result, as Node's `path.join`. */
export function joinPath(...parts: string[]): string {
  const sep = WINDOWS ? "\\" : "/";
  const joined = parts.filter((p) => p.length > 0).join(sep);
  if (joined === "") return ".";
  const slash = WINDOWS ? /[\\/]/ : /\//;
  const absolute = slash.test(joined[0]);
  const trailing = slash.test(joined[joined.length - 1]);
  const out: string[] = [];
  for (const seg of joined.split(slash)) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
      continue;
    }
    out.push(seg);
  }
  let path = out.join(sep);
  if (path === "" && !absolute) path = ".";
  if (trailing && path !== "" && path !== ".") path += sep;
  else if (trailing && path === ".") path = `.${sep}`;
  return absolute ? sep + path : path;
}

/** An absolute, normalised path, as Node's `path.resolve(p)` with one part (from the cwd). */
export function resolvePath(p: string): string {
  const absolute = WINDOWS ? /^([A-Za-z]:)?[\\/]/.test(p) : p.startsWith("/");
  const out = joinPath(...(absolute ? [p] : [Deno.cwd(), p]));
  return out.length > 1 ? out.replace(/[\\/]$/, "") : out;
}
