/**
 * The live Matterport Model API: the documented GraphQL endpoint, query and HTTP Basic auth
 * (https://matterport.github.io/developer-docs/api/model/overview/; shared/reference/
 * data-formats.md §1.1, §1.4, §1.5). Every `dimensionEstimates` asks for `units: metric`.
 */
import { InputError } from "../../ground/errors.ts";

/** The documented Model API endpoint (GraphQL over HTTPS POST). */
export const MATTERPORT_ENDPOINT = "https://api.matterport.com/api/models/graph";

/** Environment variables the live import reads. */
export const MATTERPORT_ENV = {
  id: "MATTERPORT_TOKEN_ID",
  secret: "MATTERPORT_TOKEN_SECRET",
  /** Endpoint override (tests point it at a local server). */
  url: "MATTERPORT_API_URL",
} as const;

/**
 * The query threshold sends: floors, rooms with Property Intelligence fields (label,
 * classifications, dimension estimates, boundary and holes with openings) and sweep locations,
 * following the documented fragments (`modelapi_pi_vector_data.html`, `modelapi_snippets.html`).
 */
export const MODEL_QUERY = `query thresholdModel($modelId: ID!) {
  model(id: $modelId) {
    id
    name
    floors { id label sequence dimensionEstimates(units: metric) { area areaIndoor units } }
    rooms {
      id
      label
      floor { id }
      classifications { id label confidence }
      keywords
      dimensionEstimates(units: metric) { area areaIndoor depth height width units lowerElevation }
      boundary { ...BoundedRegionData }
      holes { ...BoundedRegionData }
    }
    locations { id position { x y z } floor { id } room { id } }
  }
}
fragment BoundedRegionData on BoundedRegion {
  edges {
    id type centerLineBias thickness
    openings { id height width lowerElevation relativeCenter type }
    vertices { id position { x y } }
  }
}`;

/** The model id in `matterport://MODEL_ID`, or undefined when the source is not one. */
export function matterportModelId(source: string): string | undefined {
  const m = /^matterport:\/\/([^/?#\s]*)\/?$/i.exec(source.trim());
  return m ? m[1] : undefined;
}

/** Whether an endpoint may be used: HTTPS, or plain HTTP to this machine only (local tests). */
function endpointAllowed(url: URL): boolean {
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" &&
    ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

/** Options for {@link fetchModelResponse}. */
export interface FetchModelOptions {
  env: (key: string) => string | undefined;
  fetch: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Posts {@link MODEL_QUERY} for one model with HTTP Basic auth (token id : secret) and returns
 * the parsed GraphQL response body (`{data, errors}`), which may hold errors and partial data.
 * Missing tokens, a refused token (HTTP 401/403), other HTTP failures and a non-JSON body are
 * InputErrors naming what was wrong.
 */
export async function fetchModelResponse(
  source: string,
  modelId: string,
  opts: FetchModelOptions,
): Promise<unknown> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(modelId)) {
    throw new InputError(
      source,
      `"${modelId}" is not a Matterport model id (letters and digits, as in matterport://SxQL3iGyoDo)`,
      { code: "matterport.bad_model_id", data: { got: modelId } },
    );
  }
  const tokenId = opts.env(MATTERPORT_ENV.id);
  const secret = opts.env(MATTERPORT_ENV.secret);
  const missing = [
    ...(tokenId ? [] : [MATTERPORT_ENV.id]),
    ...(secret ? [] : [MATTERPORT_ENV.secret]),
  ];
  if (missing.length) {
    throw new InputError(
      missing[0],
      `${missing.join(" and ")} ${
        missing.length > 1 ? "are" : "is"
      } not set; a live Matterport import needs both ${MATTERPORT_ENV.id} and ${MATTERPORT_ENV.secret} (an API token from your Matterport account settings)`,
      { code: "matterport.token_missing", data: { missing } },
    );
  }
  const endpointText = opts.env(MATTERPORT_ENV.url) || MATTERPORT_ENDPOINT;
  let endpoint: URL;
  try {
    endpoint = new URL(endpointText);
  } catch {
    throw new InputError(MATTERPORT_ENV.url, `"${endpointText}" is not a URL`);
  }
  if (!endpointAllowed(endpoint)) {
    throw new InputError(
      MATTERPORT_ENV.url,
      `${endpointText} must be an https:// URL (plain http is allowed only to this machine)`,
    );
  }
  const auth = btoa(`${tokenId}:${secret}`);
  let res: Response;
  try {
    res = await opts.fetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept": "application/json",
        "authorization": `Basic ${auth}`,
      },
      body: JSON.stringify({ query: MODEL_QUERY, variables: { modelId } }),
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new InputError(source, `could not reach ${endpoint.origin}: ${(e as Error).message}`, {
      code: "matterport.unreachable",
      data: { origin: endpoint.origin, error: (e as Error).message },
    });
  }
  const text = await res.text();
  if (res.status === 401 || res.status === 403) {
    throw new InputError(
      source,
      `HTTP ${res.status} from ${endpoint.origin}: the API token was refused; check ${MATTERPORT_ENV.id} and ${MATTERPORT_ENV.secret} (sandbox tokens reach demo models only)`,
      {
        code: "matterport.token_refused",
        data: {
          status: res.status,
          origin: endpoint.origin,
          env: [MATTERPORT_ENV.id, MATTERPORT_ENV.secret],
        },
      },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InputError(
      source,
      `HTTP ${res.status} from ${endpoint.origin} is not JSON: ${text.slice(0, 120)}`,
      { code: "matterport.http_not_json", data: { status: res.status, origin: endpoint.origin } },
    );
  }
  const hasGraphql = !!body && typeof body === "object" &&
    ("data" in body || "errors" in body);
  if (!res.ok && !hasGraphql) {
    throw new InputError(
      source,
      `HTTP ${res.status} from ${endpoint.origin}: ${text.slice(0, 200)}`,
      { code: "matterport.http_error", data: { status: res.status, origin: endpoint.origin } },
    );
  }
  return body;
}
