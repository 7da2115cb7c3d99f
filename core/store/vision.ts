/**
 * The `vision_detections` table: objects detected in panoramas, per image content hash and
 * detector (engines/vision), so an image is looked at once.
 * @module
 */
import type { Store } from "./types.ts";
import { J, now, type PgOps, type Row, type SqliteDb } from "./db.ts";

type VisionOps = Pick<Store, "getDetections" | "putDetections">;

export function visionSqlite({ q, tx, parsed }: SqliteDb): VisionOps {
  return {
    getDetections(imageHash, model) {
      const r = q(
        "SELECT detections_json FROM vision_detections WHERE image_hash = ? AND model = ?",
      ).get(imageHash, model) as Row | undefined;
      return r
        ? parsed(r.detections_json as string, `detections of image ${imageHash}`)
        : undefined;
    },
    putDetections(imageHash, model, detections) {
      tx(() =>
        q(`INSERT INTO vision_detections (image_hash, model, detections_json, created_at)
           VALUES (?, ?, ?, ?)
           ON CONFLICT(image_hash, model) DO UPDATE SET detections_json=excluded.detections_json,
             created_at=excluded.created_at`).run(
          imageHash,
          model,
          JSON.stringify(detections),
          now(),
        )
      );
    },
  };
}

export const visionPg: PgOps = {
  async getDetections(s, imageHash: string, model: string) {
    const [r] = await s`SELECT detections_json FROM vision_detections
      WHERE image_hash = ${imageHash} AND model = ${model}`;
    return r ? r.detections_json : undefined;
  },
  async putDetections(s, imageHash: string, model: string, detections: unknown) {
    await s`INSERT INTO vision_detections (image_hash, model, detections_json, created_at)
      VALUES (${imageHash}, ${model}, ${J(s, detections)}, ${now()})
      ON CONFLICT (image_hash, model) DO UPDATE SET detections_json=excluded.detections_json,
        created_at=excluded.created_at`;
  },
};
