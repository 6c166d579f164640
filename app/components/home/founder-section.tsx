import { Link } from "react-router";

const TICKER = [
  "Hand block-printed in Bagru",
  "Handwoven in Chanderi & Maheshwar",
  "Free shipping above ₹499",
  "7-day returns with free pickup",
  "Made in small batches",
  "Natural fabrics, fair wages",
];

function TickerRow({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul className="flex shrink-0 items-center" aria-hidden={hidden || undefined}>
      {TICKER.map((item) => (
        // each item is followed by a drawn star (app.css), not a '✦': decision 047
        <li key={item} className="ticker-item">
          {item}
        </li>
      ))}
    </ul>
  );
}

export function FounderSection() {
  return (
    <section aria-labelledby="founder" className="mt-20 sm:mt-28">
      <style>{`@keyframes saanjh-ticker{from{transform:translateX(0)}to{transform:translateX(-50%)}}`}</style>
      <div
        className="overflow-hidden border-y border-linen bg-sand/70 py-4"
        role="marquee"
        aria-label="What we stand for"
      >
        <div className="flex w-max hover:[animation-play-state:paused] motion-safe:animate-[saanjh-ticker_40s_linear_infinite]">
          <TickerRow />
          <TickerRow hidden />
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-6 py-16 sm:px-8 sm:py-24 md:grid-cols-[0.9fr_1.1fr]">
        <div className="flex aspect-[4/5] items-center justify-center bg-maroon p-10 text-center text-ivory">
          <div>
            <p className="font-display text-8xl leading-none italic sm:text-9xl" aria-hidden="true">
              S
            </p>
            <p className="mt-4 font-display text-3xl tracking-[0.35em] uppercase">Saanjh</p>
            <p className="mt-3 text-xs tracking-[0.35em] text-ivory/80 uppercase">Jaipur · since 2016</p>
          </div>
        </div>
        <div>
          <p className="eyebrow">From our founder</p>
          <h2 id="founder" className="mt-3 font-display text-4xl leading-tight font-medium text-ink sm:text-5xl">
            Clothes that feel like the quiet hour at dusk
          </h2>
          <blockquote className="mt-6 space-y-4 text-base leading-relaxed text-ink/80">
            <p>
              &ldquo;I grew up watching my grandmother choose fabric by touch. Saanjh began with one family of block
              printers in Bagru and a simple idea: make fewer things, make them by hand, and make them to be worn for
              years.&rdquo;
            </p>
          </blockquote>
          <p className="mt-4 text-sm tracking-[0.2em] text-stone uppercase">Aditi Rathore, founder</p>
          <Link to="/about" className="btn-outline mt-8">
            Know More
          </Link>
        </div>
      </div>
    </section>
  );
}
