/**
 * Progress for long batches: on a terminal, one redrawn line with a bar, done/total, rate and
 * ETA; otherwise plain lines every few seconds (logs, CI); `--json` prints events, one JSON
 * object a line, for programs.
 */

/** A progress reporter: told of each row, and when the batch ends. */
export interface Progress {
  row(done: number, status: string, scan: string, tool: string): void;
  step?(scan: string, tool: string, text: string): void;
  end(): void;
}

/** Formats seconds as `1h02m`, `3m05s` or `12s`. */
export function fmtDuration(s: number): string {
  if (!Number.isFinite(s)) return "?";
  s = Math.max(0, Math.round(s));
  if (s >= 3600) {
    return `${Math.floor(s / 3600)}h${String(Math.floor(s % 3600 / 60)).padStart(2, "0")}m`;
  }
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${s}s`;
}

/** The progress line's text (without the bar's terminal codes). */
export function progressText(
  done: number,
  total: number,
  elapsed_s: number,
  width = 24,
  skipped = 0,
): string {
  const ran = done - skipped;
  const rate = elapsed_s > 0 ? ran / elapsed_s : 0;
  const eta = rate > 0 ? (total - done) / rate : Infinity;
  const filled = total ? Math.round((done / total) * width) : width;
  const bar = "█".repeat(filled) + "░".repeat(width - filled);
  const pct = total ? Math.floor((done / total) * 100) : 100;
  return `${bar} ${done}/${total} (${pct}%) ${rate.toFixed(1)} rows/s ETA ${
    done >= total ? "0s" : fmtDuration(eta)
  }`;
}

/**
 * Picks the reporter: `json` → events on stdout; a terminal on stderr → the redrawn bar;
 * else plain lines at most every `every_s` seconds (and at the end).
 */
export function makeProgress(
  total: number,
  opts: { json?: boolean; tty?: boolean; every_s?: number; skipped?: number; batch: string },
  write: (s: string) => void = (s) => Deno.stderr.writeSync(new TextEncoder().encode(s)),
  print: (s: string) => void = (s) => console.log(s),
): Progress {
  const t0 = performance.now();
  const elapsed = () => (performance.now() - t0) / 1000;
  const skipped = opts.skipped ?? 0;
  if (opts.json) {
    print(JSON.stringify({ type: "start", batch: opts.batch, total, skipped }));
    return {
      row(done, status, scan, tool) {
        print(JSON.stringify({ type: "row", batch: opts.batch, done, total, scan, tool, status }));
      },
      step(scan, tool, text) {
        print(JSON.stringify({ type: "step", batch: opts.batch, scan, tool, text }));
      },
      end() {},
    };
  }
  if (opts.tty) {
    let last = 0;
    let lastDone = skipped;
    const draw = () => write(`\r\x1b[2K${progressText(lastDone, total, elapsed(), 24, skipped)}`);
    return {
      row(done) {
        lastDone = done;
        const t = performance.now();
        if (t - last > 100 || done === total) (last = t, draw());
      },
      end() {
        draw();
        write("\n");
      },
    };
  }
  const every = (opts.every_s ?? 5) * 1000;
  let last = performance.now();
  let lastDone = skipped;
  return {
    row(done) {
      lastDone = done;
      const t = performance.now();
      if (t - last >= every) {
        last = t;
        write(`${progressText(done, total, elapsed(), 0, skipped).trim()}\n`);
      }
    },
    end() {
      write(`${progressText(lastDone, total, elapsed(), 0, skipped).trim()}\n`);
    },
  };
}
