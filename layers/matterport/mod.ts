/**
 * Matterport Model API (GraphQL) importer: a saved response file, or live from
 * `matterport://MODEL_ID` with MATTERPORT_TOKEN_ID / MATTERPORT_TOKEN_SECRET
 * (shared/reference/data-formats.md §1).
 */
import { InputError } from "../../ground/errors.ts";
import type { Importer } from "../types.ts";
import { fetchModelResponse, matterportModelId } from "./graphql.ts";
import { looksLikeModelResponse, modelToPlan } from "./model.ts";

export * from "./graphql.ts";
export * from "./labels.ts";
export * from "./model.ts";
export * from "./polygon.ts";

function parseJson(bytes: Uint8Array, source: string): unknown {
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(source, `not valid JSON: ${(e as Error).message}`, {
      code: "matterport.not_json",
      data: { error: (e as Error).message },
    });
  }
}

/**
 * Detects `matterport://…` sources and JSON holding a Model API response (`data.model` with
 * floors, rooms or locations, or a GraphQL `errors[]` answer); imports it as a plan.
 */
export const matterport: Importer = {
  format: "matterport",
  description: "Matterport Model API GraphQL response (saved JSON, or live matterport://MODEL_ID)",
  detect(source, bytes) {
    if (!bytes) return matterportModelId(source) !== undefined;
    const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
    if (!head.startsWith("{")) return false;
    const text = new TextDecoder().decode(bytes);
    if (!/"(model|errors)"\s*:/.test(text)) return false;
    try {
      return looksLikeModelResponse(JSON.parse(text));
    } catch {
      return false;
    }
  },
  async run(source, bytes, opts) {
    let response: unknown;
    if (bytes) {
      response = parseJson(bytes, source);
    } else {
      const modelId = matterportModelId(source);
      if (modelId === undefined) {
        throw new InputError(source, "expected matterport://MODEL_ID or a saved response file");
      }
      response = await fetchModelResponse(source, modelId, {
        env: opts.env ?? ((k) => Deno.env.get(k)),
        fetch: opts.fetch ?? fetch,
        signal: opts.signal,
      });
    }
    const { plan, report } = modelToPlan(response, opts.ref || source, opts.id);
    if (!bytes) report.mapped.unshift("the live Model API (query with units: metric)");
    return { plan, report };
  },
};
