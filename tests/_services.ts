/**
 * Services for tests that need them: `deno task test` (scripts/test.sh) starts a throwaway Redis
 * and PostgreSQL on loopback and exports their URLs. A test that needs one and finds no URL
 * fails, saying how to run it: it is never skipped.
 */
import postgres from "postgres";

export const REDIS_URL = Deno.env.get("THRESHOLD_TEST_REDIS_URL");
export const PG_URL = Deno.env.get("THRESHOLD_TEST_PG_URL");

export const NO_REDIS =
  "THRESHOLD_TEST_REDIS_URL is not set: run this test through `deno task test FILE`, which starts a throwaway Redis";
export const NO_PG =
  "THRESHOLD_TEST_PG_URL is not set: run this test through `deno task test FILE`, which starts a throwaway PostgreSQL";

/** The test Redis's URL; throws, saying how to get one, when it is absent. */
export function redisUrl(): string {
  if (!REDIS_URL) throw new Error(NO_REDIS);
  return REDIS_URL;
}

/** A fresh, empty database on the test server; returns its URL. */
export async function freshDatabase(tag = "t"): Promise<string> {
  if (!PG_URL) throw new Error(NO_PG);
  const name = `${tag}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end({ timeout: 2 });
  }
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs SQL on a database (for checks the Store interface does not offer). */
export async function pgQuery(url: string, text: string): Promise<Record<string, unknown>[]> {
  const c = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return [...await c.unsafe(text)];
  } finally {
    await c.end({ timeout: 2 });
  }
}
