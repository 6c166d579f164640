import type { TimelineTone } from "./timeline-tones";
import { SCANS_SHOWN, type ParcelScanView } from "./parcel-view";

/*
 * The courier's scans as a vertical list, newest first, in the courier's own words with the time in
 * India and the place. The first few are shown; the rest open under 'Show all N updates', a
 * <details> element, so it works before (and without) JavaScript.
 */
export function ParcelScans({
  scans,
  tone,
  heading: Heading,
}: {
  scans: readonly ParcelScanView[];
  tone: TimelineTone;
  heading: "h3" | "h4";
}) {
  const first = scans.slice(0, SCANS_SHOWN);
  const rest = scans.slice(SCANS_SHOWN);
  return (
    <div>
      <Heading className="eyebrow">Courier updates</Heading>
      <ol aria-label="Courier updates, newest first" data-testid="parcel-scans" className="mt-5">
        {first.map((scan, i) => (
          <ScanItem key={`${scan.at}-${i}`} scan={scan} newest={i === 0} rail={i < first.length - 1} tone={tone} />
        ))}
      </ol>
      {rest.length > 0 ? (
        <details className="group mt-4">
          <summary className="inline-flex min-h-6 cursor-pointer list-none items-center gap-2 text-[0.7rem] font-medium tracking-[0.2em] text-ink uppercase underline-offset-4 hover:text-maroon hover:underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Show all {scans.length} updates</span>
            <span className="hidden group-open:inline">Show fewer updates</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              className="icon h-3 w-3 transition-transform group-open:rotate-180"
            >
              <path d="M4 6l4 4 4-4" />
            </svg>
          </summary>
          <ol aria-label="Earlier courier updates" start={SCANS_SHOWN + 1} className="mt-5">
            {rest.map((scan, i) => (
              <ScanItem key={`${scan.at}-${i}`} scan={scan} newest={false} rail={i < rest.length - 1} tone={tone} />
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

function ScanItem({
  scan,
  newest,
  rail,
  tone,
}: {
  scan: ParcelScanView;
  newest: boolean;
  rail: boolean;
  tone: TimelineTone;
}) {
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0">
      {rail ? <span aria-hidden="true" className="absolute top-5 bottom-0.5 left-[5px] border-l border-linen" /> : null}
      <span
        aria-hidden="true"
        className={`relative mt-[5px] h-[11px] w-[11px] shrink-0 rounded-full ${newest ? `border-2 ring-4 ${tone.marker} ${tone.halo}` : "border border-stone/45 bg-white"}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`text-[0.95rem] leading-snug ${newest ? "font-medium text-ink" : "text-ink/85"}`}>
          {scan.activity}
        </p>
        <p className="mt-1 text-xs leading-relaxed text-stone">
          <time dateTime={scan.at}>
            {scan.day} · {scan.time}
          </time>
          {scan.location ? <span> · {scan.location}</span> : null}
        </p>
      </div>
    </li>
  );
}
