import {
  createContext,
  useContext,
  type ComponentProps,
  type ComponentType,
  type ReactElement,
} from 'react';
import type { Personal } from '../../shared/contracts/personal';

/** What a template render leaves where a hole is: an element no page renders otherwise. */
export const HOLE_MARK = '<template data-hole=""></template>';

/**
 * What a hole shows of the visitor, when that is less than the whole visitor: a key for it and
 * the visitor to render it with, made from that part only. Holes with the same key then render
 * the same, and a template keeps their HTML (a few keys per hole) instead of rendering them again.
 */
export type Narrow<P> = (props: P, personal: Personal) => { key: string; visitor: Personal };

/** One hole of a template render: the element, and its narrowing with its props, if any. */
export type RecordedHole = {
  element: ReactElement;
  narrow?: (personal: Personal) => { key: string; visitor: Personal };
};

/** The holes of one template render, in document order. */
export type HoleRecorder = { holes: RecordedHole[] };

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
export function hole<C extends ComponentType<any>>(
  Component: C,
  narrow?: Narrow<ComponentProps<C>>,
): C {
  const Shown = Component as ComponentType<object>;
  const Hole = (props: ComponentProps<C>) => {
    const recorder = useContext(HoleRecording);
    if (!recorder) return <Shown {...props} />;
    recorder.holes.push({
      element: <Shown {...props} />,
      narrow: narrow && ((personal) => narrow(props, personal)),
    });
    return <template data-hole="" />;
  };
  return Hole as unknown as C;
}
