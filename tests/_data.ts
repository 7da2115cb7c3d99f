/**
 * The real public samples live in `../shared/data` beside the repository (see its SOURCES.md);
 * they are never copied into the project. A test that needs one fails loudly when it is missing.
 */
import { fileURLToPath as fromFileUrl } from "node:url";

/** Absolute path of a sample under `../shared/data`; throws naming the file when it is missing. */
export function sharedData(rel: string): string {
  const url = new URL(`../../shared/data/${rel}`, import.meta.url);
  const path = fromFileUrl(url);
  try {
    Deno.statSync(path);
  } catch {
    throw new Error(
      `sample ${rel} is missing: expected ${path} (../shared/data beside the repository; see SOURCES.md)`,
    );
  }
  return path;
}

/** Path of a file under the project's fixtures/. */
export function fixture(rel: string): string {
  return fromFileUrl(new URL(`../fixtures/${rel}`, import.meta.url));
}
