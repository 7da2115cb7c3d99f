/**
 * The opening exchange answered while the SDK loads. Importing the SDK (zod and the spec's
 * schemas, ajv) takes several times what Deno takes to start, and a host waits for
 * `initialize` and `tools/list` before anything else. So a server records the SDK's own
 * answers to the messages a connection opened with (up to and including its first
 * `tools/list`) under the source fingerprint (core/catalog.ts), and a later server whose
 * client opens with exactly the same messages (method and params, ids aside) writes those
 * answers at once, with the client's ids. Every message still goes to the SDK, in order, once
 * it has loaded: its state is what it would have been, and its answers to the requests
 * already answered are compared with what was sent and dropped (a difference is said on
 * stderr and the record is removed). A message that differs from the record ends the replay
 * for that connection: the SDK answers everything from there, as without a record.
 *
 * No SDK, zod or `node:` import here: this runs before them.
 */
import { joinPath as join } from "../ground/path_join.ts";

/** One message of a recorded opening: its method and params, and the SDK's answer if any. */
interface Step {
  /** `JSON.stringify([method, params])` of the message as the client sent it. */
  key: string;
  /** The SDK's response to it (a request), as written, its id aside. */
  answer?: Record<string, unknown>;
}

/** A recorded opening, valid while the sources keep `fingerprint`. */
interface Record_ {
  fingerprint: string;
  steps: Step[];
}

/** The methods whose answers are recorded: the opening, nothing that reads the store. */
const OPENING = new Set(["initialize", "tools/list", "notifications/initialized"]);

const NEWLINE = 10;

/** A message's key, or undefined when it is not one an opening may replay. */
function keyOf(msg: unknown): string | undefined {
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return undefined;
  const m = msg as { method?: unknown; params?: unknown; jsonrpc?: unknown };
  if (m.jsonrpc !== "2.0" || typeof m.method !== "string" || !OPENING.has(m.method)) {
    return undefined;
  }
  return JSON.stringify([m.method, m.params ?? null]);
}

function idOf(msg: unknown): string | number | undefined {
  const id = (msg as { id?: unknown })?.id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

/** Reads the record in `file` when its fingerprint matches. */
async function readRecord(file: string, fingerprint: string): Promise<Step[] | undefined> {
  try {
    const data = JSON.parse(await Deno.readTextFile(file)) as Record_;
    if (data?.fingerprint === fingerprint && Array.isArray(data.steps)) return data.steps;
  } catch { /* none yet */ }
  return undefined;
}

async function writeRecord(file: string, fingerprint: string, steps: Step[]): Promise<void> {
  try {
    await Deno.mkdir(join(file, ".."), { recursive: true });
    const tmp = `${file}.${Deno.pid}.tmp`;
    await Deno.writeTextFile(tmp, JSON.stringify({ fingerprint, steps }));
    await Deno.rename(tmp, file);
  } catch (e) {
    console.error(`threshold mcp: could not save the opening record: ${(e as Error).message}`);
  }
}

/** The streams the SDK's wire reads and writes instead of the connection's own. */
export interface OpeningStreams {
  input: ReadableStream<Uint8Array>;
  output: WritableStream<Uint8Array>;
  /** Resolves once a record being saved is on disk (await it before exiting). */
  saved(): Promise<void>;
  /**
   * Resolves when nothing more will be replayed: the record is used up, the connection left
   * it, or there is none. Loading the SDK blocks this thread for a while; it starts then.
   */
  replayed(): Promise<void>;
}

/**
 * Starts reading the connection at once. Returns the streams to hand the SDK's wire: the same
 * bytes in, and an output that drops the SDK's answers to what was already answered (after
 * comparing them) and records the opening when there was no record to replay.
 */
export function answerOpening(
  input: ReadableStream<Uint8Array>,
  output: WritableStream<Uint8Array>,
  file: string,
  fingerprint: Promise<string>,
): OpeningStreams {
  const writer = output.getWriter();
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  let writing: Promise<void> = Promise.resolve();
  const write = (bytes: Uint8Array) => {
    writing = writing.then(() => writer.write(bytes)).catch(() => {});
    return writing;
  };
  const recordP = fingerprint.then(async (fp) => {
    const steps = await readRecord(file, fp);
    if (!steps?.length) stopReplay();
    return { fp, steps };
  });
  /** Answers written here, by id, to compare with the SDK's. */
  const sent = new Map<string | number, string>();
  /** What this connection opened with, to record (only when no record was replayed). */
  const seen: { key: string; id?: string | number }[] = [];
  const answers = new Map<string | number, Record<string, unknown>>();
  let recording = true;
  let replaying = true;
  const stopReplay = () => {
    replaying = false;
    over();
  };
  /** The first tools/list was seen: what follows is not part of the opening. */
  let listed = false;
  let at = 0;
  let recorded = false;
  let tail: Uint8Array[] = [];
  let saving: Promise<void> = Promise.resolve();
  let over!: () => void;
  const replayOver = new Promise<void>((r) => over = r);

  // Every byte goes on to the SDK's wire; complete lines are looked at while the opening lasts.
  const forwarded = new TransformStream<Uint8Array, Uint8Array>();
  const fwd = forwarded.writable.getWriter();
  const look = async (line: Uint8Array) => {
    let msg: unknown;
    try {
      msg = JSON.parse(dec.decode(line));
    } catch {
      recording = false;
      stopReplay();
      return;
    }
    const key = keyOf(msg);
    const id = idOf(msg);
    if (key === undefined || listed) {
      // Past the opening: it ends the replay; a recording waits only for answers now.
      if (!listed) recording = false;
      stopReplay();
      return;
    }
    if (recording) seen.push({ key, ...(id !== undefined ? { id } : {}) });
    if (key.startsWith('["tools/list"')) listed = true;
    if (!replaying) return;
    const { steps } = await recordP;
    const step = steps?.[at];
    if (!step || step.key !== key || (id === undefined) !== (step.answer === undefined)) {
      stopReplay();
      return;
    }
    at++;
    recording = false; // a replayed opening is already recorded
    if (id !== undefined && step.answer) {
      const text = JSON.stringify({ ...step.answer, id }) + "\n";
      sent.set(id, text);
      await write(enc.encode(text));
    }
    if (at === steps!.length) stopReplay();
  };
  (async () => {
    const reader = input.getReader();
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        if ((recording && !listed) || replaying) {
          let start = 0;
          while (start < value.length && ((recording && !listed) || replaying)) {
            const nl = value.indexOf(NEWLINE, start);
            if (nl === -1) {
              tail.push(value.slice(start));
              break;
            }
            const piece = value.subarray(start, nl);
            const line = tail.length ? concat([...tail, piece]) : piece;
            tail = [];
            if (line.length) await look(line);
            start = nl + 1;
          }
          if (!(recording && !listed) && !replaying) tail = [];
        }
        // Not waited for while the SDK loads (nothing reads the wire yet; the opening is
        // small); after that, the wire's pace is the input's.
        if (replaying) fwd.write(value).catch(() => {});
        else await fwd.write(value);
      }
    } catch { /* the input failed: the wire sees it end */ }
    stopReplay();
    await fwd.close().catch(() => {});
  })();

  const maybeRecord = () => {
    if (recorded || !recording) return;
    const list = seen.findIndex((s) => s.key.startsWith('["tools/list"'));
    if (list < 0) return;
    const opening = seen.slice(0, list + 1);
    if (opening.some((s) => s.id !== undefined && !answers.has(s.id))) return;
    recorded = true;
    recording = false;
    const steps = opening.map((s) =>
      s.id === undefined ? { key: s.key } : { key: s.key, answer: answers.get(s.id)! }
    );
    saving = recordP.then(({ fp }) => writeRecord(file, fp, steps));
  };

  const out = sdkOutput({
    sent,
    file,
    write,
    recording: () => recording,
    answered: (id, msg) => {
      answers.set(id, msg); // its id is replaced by the later client's when replayed
      maybeRecord();
    },
    close: async () => {
      await writing;
      await writer.close().catch(() => {});
    },
    abort: () => void writer.abort().catch(() => {}),
  });
  return {
    input: forwarded.readable,
    output: out,
    saved: () => saving,
    replayed: () => replayOver,
  };
}

/** What the SDK's output needs from the opening. */
interface OutputEnv {
  /** Answers already written by the replay, by id. */
  sent: Map<string | number, string>;
  file: string;
  write(bytes: Uint8Array): Promise<void>;
  recording(): boolean;
  answered(id: string | number, msg: Record<string, unknown>): void;
  close(): Promise<void>;
  abort(): void;
}

/**
 * The output the SDK's wire writes to (one message a write): an answer to a request the
 * replay answered is compared with what was sent and dropped; while recording, answers are
 * handed to `answered`; everything else goes on.
 */
function sdkOutput(o: OutputEnv): WritableStream<Uint8Array> {
  const dec = new TextDecoder();
  return new WritableStream<Uint8Array>({
    async write(chunk) {
      if (o.sent.size || o.recording()) {
        const text = dec.decode(chunk);
        let msg: Record<string, unknown> | undefined;
        try {
          msg = JSON.parse(text);
        } catch { /* not one whole message: passed on */ }
        const id = idOf(msg);
        if (msg && !("method" in msg) && id !== undefined) {
          const earlier = o.sent.get(id);
          if (earlier !== undefined) {
            o.sent.delete(id);
            if (earlier !== text) {
              console.error(
                "threshold mcp: the recorded opening differed from the SDK's answer; it is removed.",
              );
              await Deno.remove(o.file).catch(() => {});
            }
            return;
          }
          if (o.recording()) o.answered(id, msg);
        }
      }
      await o.write(chunk);
    },
    close: () => o.close(),
    abort: () => o.abort(),
  });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
