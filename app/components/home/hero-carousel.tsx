import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ArrowRightIcon, PauseIcon, PlayIcon } from "~/components/ui/icons";
import { BANNER_SIZE, type ResponsiveSource } from "~/modules/content";

/** 5 slides, a new one every 4000 ms, 300 ms transition. */
const CAROUSEL_INTERVAL_MS = 4000;
const CAROUSEL_TRANSITION_MS = 300;
const SWIPE_MIN_PX = 40;

export interface HeroSlide {
  title: string;
  subtitle: string;
  cta: string;
  href: string;
  desktop: ResponsiveSource;
  mobile: ResponsiveSource;
}

export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // Only the first slide's picture is in the server HTML (it is the page's largest paint);
  // the other four load once the page has settled, well before the first advance.
  const [loadRest, setLoadRest] = useState(false);
  const touchX = useRef<number | null>(null);
  const count = slides.length;

  const goTo = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);

  useEffect(() => {
    const start = () => setLoadRest(true);
    if (document.readyState === "complete") {
      const t = setTimeout(start, 300);
      return () => clearTimeout(t);
    }
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);

  const paused = hovered || focused || stopped;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [paused, index, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative overflow-hidden bg-sand"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={(event) => {
        touchX.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchX.current;
        const end = event.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined) return;
        const dx = end - start;
        if (Math.abs(dx) >= SWIPE_MIN_PX) goTo(index + (dx < 0 ? 1 : -1));
      }}
    >
      <div
        className="flex ease-out motion-reduce:!transition-none"
        style={{ transform: `translateX(-${index * 100}%)`, transition: `transform ${CAROUSEL_TRANSITION_MS}ms` }}
        data-testid="carousel-track"
        data-index={index}
      >
        {slides.map((slide, i) => (
          <HeroSlideView
            key={slide.title}
            slide={slide}
            position={i}
            count={count}
            current={i === index}
            showPicture={i === 0 || loadRest}
          />
        ))}
      </div>

      {/* on desktop the controls lie on the picture: a pill of their own keeps their contrast on any of them */}
      <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full px-1.5 md:bottom-6 md:bg-ivory/90 md:shadow-sm">
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            onClick={() => goTo(i)}
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            aria-current={i === index ? "true" : undefined}
            className="group flex h-8 w-8 items-center justify-center"
          >
            <span
              className={`block h-1.5 rounded-full transition-all duration-300 ${i === index ? "w-6 bg-ink" : "w-1.5 bg-ink/55 group-hover:bg-ink"}`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? "Play slideshow" : "Pause slideshow"}
          className="flex h-8 w-8 items-center justify-center rounded-full text-ink/80 hover:text-ink"
        >
          {stopped ? <PlayIcon className="h-4 w-4" /> : <PauseIcon className="h-4 w-4" />}
        </button>
      </div>
    </section>
  );
}

/**
 * One slide: its picture (phones and desktop sources; only the first is in the server HTML, the
 * others come once the page has settled) and its copy with the call to action.
 */
function HeroSlideView({
  slide,
  position,
  count,
  current,
  showPicture,
}: {
  slide: HeroSlide;
  position: number;
  count: number;
  /** the slide on show: the others are hidden from screen readers and inert */
  current: boolean;
  showPicture: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}: ${slide.title}`}
      aria-hidden={!current}
      inert={!current}
      className="relative flex w-full shrink-0 flex-col md:block"
    >
      {showPicture ? (
        <picture>
          <source
            media="(min-width: 768px)"
            srcSet={slide.desktop.srcSet}
            sizes="100vw"
            width={BANNER_SIZE.desktop.width}
            height={BANNER_SIZE.desktop.height}
          />
          <img
            src={slide.mobile.src}
            srcSet={slide.mobile.srcSet}
            sizes="100vw"
            width={BANNER_SIZE.mobile.width}
            height={BANNER_SIZE.mobile.height}
            alt=""
            fetchPriority={position === 0 ? "high" : undefined}
            decoding={position === 0 ? undefined : "async"}
            className="block aspect-[5/4] w-full object-cover object-top md:aspect-[12/5]"
          />
        </picture>
      ) : (
        <div className="aspect-[5/4] w-full md:aspect-[12/5]" />
      )}
      {/*
       * Phones: the copy has its own ivory space under the picture (the picture shows its top, the
       * part with the clothes). Desktop: the copy sits on the picture's left, over a soft ivory wash.
       */}
      <div className="flex flex-1 flex-col bg-ivory px-6 pt-6 pb-16 md:absolute md:inset-y-0 md:left-0 md:w-[55%] md:justify-center md:bg-transparent md:bg-gradient-to-r md:from-ivory/85 md:from-40% md:via-ivory/50 md:to-transparent md:p-16 lg:pl-24">
        <p className="eyebrow max-w-sm !leading-relaxed !text-ink/80">{slide.subtitle}</p>
        <h2 className="mt-2 font-display text-[2.6rem] leading-[1.02] font-medium text-ink md:mt-3 md:text-6xl lg:text-7xl">
          {slide.title}
        </h2>
        <Link to={slide.href} className="btn-primary mt-7 self-start">
          {slide.cta}
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
    </div>
  );
}
