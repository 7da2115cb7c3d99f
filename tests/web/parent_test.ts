/**
 * Issue 27: `threshold web` started by a wrapper (npx, the npm deno wrapper: here a shell)
 * ends when that wrapper is killed by its process id, the confined server with it. Bounded:
 * one server on a free loopback port, at most 20 s.
 */
import assert from "node:assert/strict";
import { CLI, ROOT, tempHome } from "../_cli.ts";

const alive = (pid: number) => {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return false;
  }
};

Deno.test({
  name: "web: the server exits when the wrapper that started it is killed",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const dir = Deno.makeTempDirSync();
    const log = `${dir}/out.txt`;
    // The wrapper: a shell that starts the command and waits, as npx does.
    const wrapper = new Deno.Command("bash", {
      args: [
        "-c",
        `"${Deno.execPath()}" run -A "${CLI}" web --port 0 > "${log}" 2>&1 & echo $! > "${dir}/pid"; wait`,
      ],
      cwd: ROOT,
      env: { THRESHOLD_HOME: tempHome(), NO_COLOR: "1" },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    let url = "";
    const t0 = Date.now();
    while (!url && Date.now() - t0 < 20_000) {
      await new Promise((r) => setTimeout(r, 200));
      url = /serving (http:\/\/\S+?)\/? /.exec(Deno.readTextFileSync(log))?.[1] ?? "";
    }
    assert.ok(url, `the server did not start: ${Deno.readTextFileSync(log)}`);
    const pid = Number(Deno.readTextFileSync(`${dir}/pid`).trim());
    assert.equal((await fetch(url)).status, 200);
    wrapper.kill("SIGKILL");
    await wrapper.status;
    let up = true;
    const t1 = Date.now();
    while (up && Date.now() - t1 < 10_000) {
      await new Promise((r) => setTimeout(r, 250));
      up = await fetch(url).then((r) => (r.body?.cancel(), true), () => false);
    }
    assert.equal(up, false, "the server still answers after its wrapper was killed");
    const t2 = Date.now();
    while (alive(pid) && Date.now() - t2 < 5_000) await new Promise((r) => setTimeout(r, 100));
    assert.equal(alive(pid), false, `threshold web (${pid}) is still running`);
  },
});
