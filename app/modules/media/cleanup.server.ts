import { startPeriodic, stopPeriodic } from "../../lib/periodic.server";
import { and, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { getLogger } from "../../lib/logger.server";
import { mediaUploads } from "./schema.server";
import { removeStoredPicture, type MediaStorage } from "./storage.server";

/*
 * Pictures uploaded in the product editor but never saved with a product (the editor was closed, the
 * save failed) are deleted after a day: their row first, so a product saving at the same moment
 * either attached it already (the row is kept) or finds it gone and is refused (`claimUploads`), and
 * then their files. Several instances may sweep at once: each row is taken by one of them.
 */

const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600_000;
const BATCH = 100;

export interface UploadSweepReport {
  removed: number;
  /** pictures whose row is gone but some file could not be deleted (logged; left in storage) */
  failed: number;
}

/** Deletes unattached uploads older than `olderThanMs`, up to `BATCH` per call. */
export async function sweepUnattachedUploads(
  db: Db,
  storage: MediaStorage,
  { now = new Date(), olderThanMs = UNATTACHED_UPLOAD_TTL_MS }: { now?: Date; olderThanMs?: number } = {},
): Promise<UploadSweepReport> {
  const cutoff = new Date(now.getTime() - olderThanMs);
  const candidates = db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(isNull(mediaUploads.attachedAt), lt(mediaUploads.createdAt, cutoff)))
    .orderBy(mediaUploads.createdAt)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  // The outer condition is checked again on the locked row: an upload attached meanwhile stays.
  const taken = await db
    .delete(mediaUploads)
    .where(
      and(inArray(mediaUploads.key, candidates), isNull(mediaUploads.attachedAt), lt(mediaUploads.createdAt, cutoff)),
    )
    .returning({ key: mediaUploads.key });
  let failed = 0;
  for (const { key } of taken) {
    try {
      await removeStoredPicture(storage, key);
    } catch (error) {
      failed += 1;
      getLogger().error({ err: error, key }, "uploads sweep: files of an unattached picture could not be deleted");
    }
  }
  return { removed: taken.length - failed, failed };
}

/** Sweeps now and then every `everyMs` (hourly by default; an upload lives a day, so an hour late is fine). */
export function startUploadSweep(db: Db, storage: MediaStorage, everyMs = 3600_000): void {
  startPeriodic("upload-sweep", everyMs, () =>
    sweepUnattachedUploads(db, storage)
      .then((report) => {
        if (report.removed || report.failed)
          getLogger().info(report, "uploads sweep: unattached pictures older than a day deleted");
      })
      .catch((error: unknown) =>
        getLogger().error({ err: error }, "uploads sweep failed; it runs again within the hour"),
      ),
  );
}

/** Stops the sweep and waits for a round in progress (graceful shutdown). */
export function stopUploadSweep(): Promise<void> {
  return stopPeriodic("upload-sweep");
}
