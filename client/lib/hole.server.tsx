import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** What a template render leaves where a hole is: an element no page renders otherwise. */
export const HOLE_MARK = '<template data-hole=""></template>';

/** The holes of one template render, in document order. */
export type HoleRecorder = { holes: ReactNode[] };

export const HoleRecording = createContext<HoleRecorder | null>(null);

/**
 * A component that shows the visitor (account menu, cart, quantity controls; ADR 0203), on the
 * server: a template render leaves a mark where it is and keeps the element, to render it per
 * request (./document-template.server.tsx). It must render the same alone as in the page: no
 * useId, no data from contexts other than the router's root data, the location and the visitor.
 * In the browser the component is used as it is (`import.meta.env.SSR ? hole(X) : X`).
 */
// `any` props: React's own ComponentType constraint; the hole keeps the component's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hole<C extends ComponentType<any>>(Component: C): C {
  const Shown = Component as ComponentType<object>;
  const Hole = (props: object) => {
    const recorder = useContext(HoleRecording);
    if (!recorder) return <Shown {...props} />;
    recorder.holes.push(<Shown {...props} />);
    return <template data-hole="" />;
  };
  return Hole as unknown as C;
}
