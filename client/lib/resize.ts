// Window resize events, debounced (specification sections 4 and 9: 300 ms): whatever reads the
// window's size to lay itself out runs once the resizing has paused, not on every event.
export const RESIZE_DEBOUNCE_MS = 300;

/** Runs `measure` 300 ms after the last resize event; returns the function that stops it. */
export function onResizeSettled(measure: () => void, ms = RESIZE_DEBOUNCE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(measure, ms);
  };
  addEventListener('resize', onResize, { passive: true });
  return () => {
    clearTimeout(timer);
    removeEventListener('resize', onResize);
  };
}
