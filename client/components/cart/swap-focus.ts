import { useEffect, useRef, type DependencyList } from 'react';

// "Add 1" gives way to a −/count/+ stepper, and a stepper brought to 0 gives way to "Add 1": the
// control the shopper pressed leaves the page in the render that follows, and the browser drops
// the focus to <body>, the page's start. A keyboard user's next Tab began again from the top, and
// a screen reader said nothing of where they were. The control of the same kind that takes its
// place (`data-kind`) gets the focus instead: the stepper's +, or "Add 1" again. Only when the
// focus is on <body>: a shopper who has moved on meanwhile keeps their place.

/**
 * A ref for the controls' box and `pressed(kind)`, to call when a control of `kind` is used;
 * once `changed` changes (the quantities), a lost focus goes to the box's enabled control of
 * that kind.
 */
export function useSwapFocus<E extends HTMLElement>(changed: DependencyList) {
  const box = useRef<E>(null);
  const kind = useRef<string | null>(null);
  useEffect(() => {
    const pressed = kind.current;
    kind.current = null;
    if (pressed && document.activeElement === document.body)
      box.current?.querySelector<HTMLElement>(`[data-kind="${pressed}"]:not(:disabled)`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the quantities the caller names
  }, changed);
  return { box, pressed: (which: string) => void (kind.current = which) };
}
