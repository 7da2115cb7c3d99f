/**
 * Reading a file a person names (an import, a rule pack, a persona): only a regular file, and
 * only up to a size limit, so `/dev/zero`, a FIFO or a 50 GB file is a clear error and never a
 * hang or an out-of-memory crash.
 */
import { InputError } from "../ground/errors.ts";

/** Default size limits, in MB; the import limit is the preference `import.max_mb`. */
export const DEFAULT_IMPORT_MAX_MB = 100;
export const DEFAULT_SMALL_FILE_MAX_MB = 10;

/** What a read names in its errors, and how the limit can be raised. */
export interface FileLimit {
  /** The input the path came from (`file`, `--pack`, `pack`). */
  input: string;
  /** Largest size read, in bytes. */
  max_bytes: number;
  /** How a person raises the limit ("threshold prefs set import.max_mb 500"); optional. */
  raise?: string;
  /** What the file is, for messages ("pack file"); default "file". */
  what?: string;
}

function mb(bytes: number): string {
  return bytes < 1e5 ? `${bytes} bytes` : `${(bytes / 1e6).toFixed(1)} MB`;
}

function checkStat(path: string, info: Deno.FileInfo, limit: FileLimit): void {
  if (!info.isFile) {
    const kind = info.isDirectory ? "a folder" : info.isSymlink ? "a link" : "not a regular file";
    throw new InputError(
      limit.input,
      `${
        limit.what ?? "file"
      } ${path} is ${kind} (a device, pipe or socket is refused); give a regular file`,
      { code: "file.not_regular", data: { path, got: kind, allowed: ["a regular file"] } },
    );
  }
  if (info.size > limit.max_bytes) {
    throw new InputError(
      limit.input,
      `${limit.what ?? "file"} ${path} is ${mb(info.size)}, over the limit of ${
        mb(limit.max_bytes)
      }${limit.raise ? `; to read it anyway: ${limit.raise}` : ""}`,
      {
        code: "file.too_big",
        data: {
          path,
          bytes: info.size,
          max_bytes: limit.max_bytes,
          ...(limit.raise ? { raise: limit.raise } : {}),
        },
      },
    );
  }
}

function readError(path: string, limit: FileLimit, e: unknown): InputError {
  if (e instanceof InputError) return e;
  return new InputError(
    limit.input,
    `cannot read ${limit.what ?? "file"} ${path}: ${(e as Error).message}`,
    { code: "file.unreadable", data: { path, problem: (e as Error).message } },
  );
}

/** Reads a regular file of at most `max_bytes` (checked before and while reading). */
export async function readRegularFile(path: string | URL, limit: FileLimit): Promise<Uint8Array> {
  const name = String(path instanceof URL ? path.pathname : path);
  try {
    checkStat(name, await Deno.stat(path), limit);
    using f = await Deno.open(path, { read: true });
    checkStat(name, await f.stat(), limit);
    return await readAtMost(f, name, limit);
  } catch (e) {
    throw readError(name, limit, e);
  }
}

/** Synchronous {@link readRegularFile}. */
export function readRegularFileSync(path: string, limit: FileLimit): Uint8Array {
  try {
    checkStat(path, Deno.statSync(path), limit);
    using f = Deno.openSync(path, { read: true });
    checkStat(path, f.statSync(), limit);
    const chunks: Uint8Array[] = [];
    let total = 0;
    const buf = new Uint8Array(1 << 16);
    for (;;) {
      const n = f.readSync(buf);
      if (n === null) break;
      total += n;
      if (total > limit.max_bytes) throw grew(path, limit);
      chunks.push(buf.slice(0, n));
    }
    return concat(chunks, total);
  } catch (e) {
    throw readError(path, limit, e);
  }
}

/** A regular file read as UTF-8 text (see {@link readRegularFileSync}). */
export function readRegularTextSync(path: string, limit: FileLimit): string {
  return new TextDecoder().decode(readRegularFileSync(path, limit));
}

async function readAtMost(f: Deno.FsFile, path: string, limit: FileLimit): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const buf = new Uint8Array(1 << 20);
  for (;;) {
    const n = await f.read(buf);
    if (n === null) break;
    total += n;
    if (total > limit.max_bytes) throw grew(path, limit);
    chunks.push(buf.slice(0, n));
  }
  return concat(chunks, total);
}

function grew(path: string, limit: FileLimit): InputError {
  return new InputError(
    limit.input,
    `${path} grew past the limit of ${mb(limit.max_bytes)} while it was read${
      limit.raise ? `; ${limit.raise}` : ""
    }`,
  );
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) out.set(c, at), at += c.length;
  return out;
}

/**
 * Text bytes as UTF-8: a UTF-16 file (with its byte-order mark) is decoded, a UTF-8 BOM
 * dropped. Other bytes are returned as they are.
 */
export function asUtf8(bytes: Uint8Array): { bytes: Uint8Array; encoding?: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    const text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
    return { bytes: new TextEncoder().encode(text), encoding: "UTF-16LE" };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
    return { bytes: new TextEncoder().encode(text), encoding: "UTF-16BE" };
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { bytes: bytes.subarray(3), encoding: "UTF-8 with BOM" };
  }
  return { bytes };
}
