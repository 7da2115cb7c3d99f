/** Child of panoramas_test.ts: opens one panorama under the read permission it was given. */
import { openPanorama } from "../../layers/panoramas.ts";
import type { Plan } from "../../ground/plan.ts";

const plan = {
  sweeps: [{ id: "s", floor: "f", at: [0, 0, 1.5], image: Deno.args[0] }],
} as unknown as Plan;
const ref = await openPanorama(plan, "s");
console.log("missing" in ref ? ref.missing : ref.hash);
