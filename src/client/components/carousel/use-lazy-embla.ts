/**
 * embla on a carousel's viewport, its code (some 9 KB compressed) downloaded only when it is
 * needed: when the visitor reaches for the carousel (pointer, focus, a key: `wake`) or a step
 * waits for it (`whenReady`: a click on "Next", the first automatic turn). Until then the slides
 * are the server's HTML, the first ones showing, and nothing moves, so a page keeps embla out of
 * its first download (a public page's JavaScript at most 100 KB). Otherwise what
 * embla-carousel-react's hook does: the instance made on the element, given the options again
 * when they change, destroyed on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';

export interface EmblaPlugins {
  /** Autoplay's delay; no autoplay when absent. The carousel plays and stops it itself. */
  autoplayMs?: number | undefined;
  fade?: boolean;
}

async function createEmbla(node: HTMLElement, options: EmblaOptionsType, plugins: EmblaPlugins): Promise<EmblaCarouselType> {
  const [{ default: EmblaCarousel }, autoplay, fade] = await Promise.all([
    import('embla-carousel'),
    plugins.autoplayMs ? import('embla-carousel-autoplay') : undefined,
    plugins.fade ? import('embla-carousel-fade') : undefined,
  ]);
  const list: EmblaPluginType[] = [];
  if (autoplay && plugins.autoplayMs) {
    list.push(
      autoplay.default({
        delay: plugins.autoplayMs,
        playOnInit: false,
        stopOnInteraction: false,
        stopOnFocusIn: false,
        stopOnMouseEnter: false,
      }),
    );
  }
  if (fade) list.push(fade.default());
  return EmblaCarousel(node, options, list);
}

/**
 * Returns the viewport's ref, the instance once made, and `wake` (load now: the visitor is using
 * it). `whenReady` runs a step on the instance now, or as soon as it is made (a click on "Next"
 * that came first).
 */
export function useLazyEmbla(
  options: EmblaOptionsType,
  plugins: EmblaPlugins,
): {
  viewportRef: (node: HTMLElement | null) => void;
  api: EmblaCarouselType | undefined;
  wake: () => void;
  whenReady: (step: (api: EmblaCarouselType) => void) => void;
} {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [isWanted, setWanted] = useState(false);
  const [api, setApi] = useState<EmblaCarouselType>();
  const optionsRef = useRef(options);
  const pluginsRef = useRef(plugins);
  const pendingRef = useRef<((api: EmblaCarouselType) => void) | null>(null);
  optionsRef.current = options;
  pluginsRef.current = plugins;

  useEffect(() => {
    if (!node || !isWanted) return;
    let made: EmblaCarouselType | undefined;
    let isCancelled = false;
    void createEmbla(node, optionsRef.current, pluginsRef.current).then((instance) => {
      if (isCancelled) {
        instance.destroy();
        return;
      }
      made = instance;
      setApi(instance);
      const pending = pendingRef.current;
      pendingRef.current = null;
      pending?.(instance);
    });
    return () => {
      isCancelled = true;
      made?.destroy();
      setApi(undefined);
    };
  }, [node, isWanted]);

  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    api?.reInit(optionsRef.current);
  }, [api, optionsKey]);

  const wake = useCallback(() => setWanted(true), []);
  const whenReady = useCallback(
    (step: (instance: EmblaCarouselType) => void) => {
      if (api) step(api);
      else {
        pendingRef.current = step;
        setWanted(true);
      }
    },
    [api],
  );
  return { viewportRef: setNode, api, wake, whenReady };
}
