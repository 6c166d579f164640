/*
 * The page cache's purges between processes (decision 044), started at boot on PostgreSQL: this
 * process's purges are announced on the database, and the others' reach this process's page cache,
 * facet counts (when lists changed), fit advice counts (when a size return changed) and cached store
 * settings (when everything changed).
 */
import type { Db } from "./db/client.server";
import { announcePurge, listenForPurges, type PurgeListener } from "./lib/page-cache-bus.server";
import { pageCacheHandOff, purgeAnnouncer, type PurgeScope, cacheTags } from "./lib/page-cache.server";
import { getLogger } from "./lib/logger.server";
import { processSlot } from "./lib/process-singleton";
import { forgetFacets } from "~/modules/catalog/index.server";
import { forgetCachedStoreSettings } from "~/modules/content/index.server";
import { forgetFitAdvice, namesFitAdvice } from "~/modules/returns/index.server";

const listener = processSlot<PurgeListener>("pageCacheListener");

/** What another process's purge means here: what renders read is forgotten before the copies are purged. */
function purgedElsewhere(scope: PurgeScope): void {
  if (scope === null || scope.tags.includes(cacheTags.list) || scope.tags.includes(cacheTags.mixedList)) forgetFacets();
  if (scope === null) forgetCachedStoreSettings();
  if (scope === null || namesFitAdvice(scope.tags)) forgetFitAdvice();
  // the purge renders the pages visitors use again at once: they must read the new counts and settings
  pageCacheHandOff.get()?.purge?.(scope);
}

/** Listens for the others' purges (waiting up to 5 s for the first connection) and announces this process's. */
export async function startPurgeBus(db: Db, url: string): Promise<void> {
  const log = getLogger();
  await listener.get()?.stop();
  let first: () => void = () => {};
  const ready = new Promise<void>((resolve) => (first = resolve));
  listener.set(
    listenForPurges({
      url,
      onPurge: purgedElsewhere,
      onState: (state, error) => {
        first();
        if (state === "lost")
          log.warn({ err: error }, "page cache: lost the connection that hears other processes' changes; reconnecting");
      },
    }),
  );
  purgeAnnouncer.set({
    announce: (scope) =>
      void announcePurge(db, scope, (error) =>
        log.warn({ err: error }, "page cache: could not tell the other processes of a change"),
      ),
  });
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}

export async function stopPurgeBus(): Promise<void> {
  purgeAnnouncer.clear();
  await listener.get()?.stop();
  listener.clear();
}
