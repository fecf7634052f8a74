import { type ComponentType, lazy, useState } from 'react';

/**
 * A component whose code is downloaded the first time it renders (React.lazy), with `preload` to start
 * that download earlier, e.g. when the pointer reaches the button that will show it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes them
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}

/**
 * Whether a lazily loaded dialog should be in the tree: from the first time it opens on, so that its code
 * is fetched only when someone opens it and it can still play its closing animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** Props that start downloading a lazy component's code when the pointer or focus reaches an element. */
export const preloadOn = (preload: () => unknown) => ({ onPointerEnter: preload, onFocus: preload });
