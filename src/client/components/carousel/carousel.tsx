/**
 * The one carousel of the site (testimonials, the About gallery slider, the gallery slideshow
 * and its thumbnail strip), on embla, whose code loads when the visitor reaches for the carousel
 * or its first automatic turn is due (use-lazy-embla.ts). Autoplay pauses while the pointer is over it or focus is
 * in its slides, can be paused with a visible button, and never starts for a visitor who prefers
 * reduced motion. Arrow keys move it when it has focus.
 */
import { useCallback, useEffect, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useLazyEmbla } from '#client/components/carousel/use-lazy-embla.ts';
import { usePrefersReducedMotion } from '#client/lib/media.ts';
import { slidesPerViewStyle, type SlidesPerView } from '#client/components/carousel/carousel-settings.ts';

export interface CarouselProps {
  /** Names the region for assistive technology ("Customer reviews"). */
  label: string;
  slides: ReactNode[];
  perView: SlidesPerView;
  /** Autoplay delay; no autoplay (and no pause button) when absent. */
  autoplayMs?: number;
  loop?: boolean;
  fade?: boolean;
  className?: string;
  /** Gives the caller the embla instance, for a thumbnail strip that drives or follows it. */
  onApi?: (api: EmblaCarouselType) => void;
  /** Marks one slide as current (the thumbnail of the image shown). */
  currentIndex?: number;
  /** Hides the prev/next buttons when the caller offers its own way to move (thumbnails). */
  showArrows?: boolean;
  /** Loads embla now, not when the visitor reaches for the carousel or its first turn is due (the caller drives it). */
  loadNow?: boolean;
}

export function Carousel({
  label,
  slides,
  perView,
  autoplayMs,
  loop = false,
  fade = false,
  className,
  onApi,
  currentIndex,
  showArrows = true,
  loadNow = false,
}: CarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const { viewportRef, api, wake, whenReady } = useLazyEmbla(
    { loop, align: 'start', containScroll: loop ? false : 'trimSnaps', duration: reducedMotion ? 1 : 25 },
    { autoplayMs, fade },
  );
  useEffect(() => {
    if (loadNow) wake();
  }, [loadNow, wake]);

  const [isPlayingWanted, setPlayingWanted] = useState(true);
  const [isHovered, setHovered] = useState(false);
  const [isFocusInside, setFocusInside] = useState(false);
  const [canScroll, setCanScroll] = useState({ prev: false, next: false });
  const [selected, setSelected] = useState(0);

  const shouldPlay = Boolean(autoplayMs) && isPlayingWanted && !isHovered && !isFocusInside && !reducedMotion;

  // Its first automatic turn, before embla has loaded: embla loads for it (use-lazy-embla.ts), then turns.
  useEffect(() => {
    if (api || !shouldPlay || !autoplayMs) return;
    const timer = setTimeout(() => whenReady((embla) => embla.scrollNext()), autoplayMs);
    return () => clearTimeout(timer);
  }, [api, shouldPlay, autoplayMs, whenReady]);

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (shouldPlay) autoplay.play();
    else autoplay.stop();
  }, [api, shouldPlay]);

  useEffect(() => {
    if (!api) return;
    onApi?.(api);
    const update = () => {
      setCanScroll({ prev: api.canScrollPrev(), next: api.canScrollNext() });
      setSelected(api.selectedScrollSnap());
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, onApi]);

  const scrollPrev = useCallback(() => whenReady((embla) => embla.scrollPrev(reducedMotion)), [whenReady, reducedMotion]);
  const scrollNext = useCallback(() => whenReady((embla) => embla.scrollNext(reducedMotion)), [whenReady, reducedMotion]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      scrollPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      scrollNext();
    }
  }

  const style = slidesPerViewStyle(perView) as CSSProperties;
  const hasControls = showArrows || (Boolean(autoplayMs) && !reducedMotion);
  return (
    <section
      className={['carousel', fade ? 'carousel--fade' : '', className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      style={style}
      onMouseEnter={() => {
        setHovered(true);
        wake();
      }}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={wake}
      onFocus={wake}
      onKeyDown={onKeyDown}
    >
      <div
        className="carousel__viewport"
        ref={viewportRef}
        onFocus={() => setFocusInside(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
        }}
      >
        <div className="carousel__container" aria-live={shouldPlay ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className={`carousel__slide${index === (currentIndex ?? -1) ? ' is-current' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-current={index === currentIndex ? 'true' : undefined}
              data-selected={index === selected || undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {hasControls && slides.length > 1 && (
        <div className="carousel__controls">
          {showArrows && (
            <button
              type="button"
              className="carousel__button"
              onClick={scrollPrev}
              // Before embla has loaded: Previous as at the first slide, Next ready (whenReady waits for embla).
              disabled={api ? !loop && !canScroll.prev : !loop}
              aria-label="Previous slide"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" />
              </svg>
            </button>
          )}
          {autoplayMs && !reducedMotion && (
            <button
              type="button"
              className="carousel__button"
              onClick={() => setPlayingWanted((wanted) => !wanted)}
              aria-label={isPlayingWanted ? 'Pause slideshow' : 'Play slideshow'}
            >
              {isPlayingWanted ? (
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M8 5v14M16 5v14" />
                </svg>
              ) : (
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M7 4l12 8-12 8z" />
                </svg>
              )}
            </button>
          )}
          {showArrows && (
            <button
              type="button"
              className="carousel__button"
              onClick={scrollNext}
              disabled={api ? !loop && !canScroll.next : false}
              aria-label="Next slide"
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" />
              </svg>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
