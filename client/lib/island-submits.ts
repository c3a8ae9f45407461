import { islandsMayLoad, pageHydrated } from './island';

// A POST form inside an island (./island.tsx) submitted before the island's code arrived would be
// the no-JavaScript post: a full page load, and with fast repeated clicks on a stepper a lost
// click (each post carries the count the server rendered). Once the page is hydrated, a form React
// does not own yet is in such an island: its submit is held, and sent again with the same button
// until React's handler takes it (prevents the post), where each click counts. A form React never
// takes over within HOLD_MS, or whose island's code failed to load, is posted as it would have been
// (that post loads the page again, as the chunk guard would have); one React replaced meanwhile is
// dropped. Before the page is hydrated, forms post as they always did. docs/decisions/0205.
const HOLD_MS = 8_000;
const RETRY_MS = 30;

type Held = {
  form: HTMLFormElement;
  submitter: HTMLButtonElement | HTMLInputElement | null;
  since: number;
};

/** React marks every element it hydrated or rendered with its props. */
const reactOwned = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'));

export function holdIslandSubmits(): void {
  const held: Held[] = [];
  let timer: number | null = null;
  let failed = false;
  let posted = false;
  // The held submit being sent again: natively (`post`: it goes through as without JavaScript),
  // or to React's handler, which took it if it prevented the post.
  let resending: { form: HTMLFormElement; post: boolean; taken: boolean } | null = null;

  const resend = ({ form, submitter }: Held, post: boolean) => {
    const sent = (resending = { form, post, taken: false });
    // With the same button, unless React replaced it meanwhile.
    form.requestSubmit(submitter?.form === form ? submitter : null);
    resending = null;
    return sent.taken;
  };
  // React marks an element with its props while it hydrates it, before its handlers are live:
  // a replay counts only once a handler took it.
  const release = () => {
    timer = null;
    while (held.length > 0) {
      const next = held[0]!;
      if (!next.form.isConnected) {
        held.shift();
      } else if (performance.now() - next.since >= HOLD_MS) {
        held.shift();
        resend(next, true);
      } else if (reactOwned(next.form) && resend(next, false)) {
        held.shift();
      } else break;
    }
    if (held.length > 0) timer = window.setTimeout(release, RETRY_MS);
  };

  // An island's code did not load (a deployment removed it): the first held form is posted, and
  // its answer is the page again; the chunk guard (runtime/chunk-guard.ts) need not reload it.
  addEventListener('vite:preloadError', (event) => {
    failed = true;
    // Another island's failure after that post: its navigation is under way, no reload.
    if (posted) return event.preventDefault();
    const next = held.shift();
    if (!next?.form.isConnected) return;
    held.length = 0;
    posted = true;
    event.preventDefault();
    resend(next, true);
  });

  // Bubble phase on window: after React's own listener on the document, so a submit React
  // handled is prevented by then and left alone.
  addEventListener('submit', (event) => {
    // A form (a submit event is a form's; another target would have no method "post" below).
    const form = event.target as HTMLFormElement;
    if (form === resending?.form) {
      if (event.defaultPrevented) resending.taken = true;
      else if (!resending.post) event.preventDefault();
      return;
    }
    if (event.defaultPrevented || failed) return;
    // A GET form (the search box) navigates as well without its code: nothing to lose. Nor does
    // a form that posts natively with its code too (`data-native`: the account menu's sign-out,
    // the consent banner the gateway adds outside React).
    if (form.method !== 'post' || form.dataset.native != null || reactOwned(form)) return;
    if (!pageHydrated()) return;
    event.preventDefault();
    held.push({
      form,
      submitter: event.submitter as HTMLButtonElement | HTMLInputElement | null,
      since: performance.now(),
    });
    void islandsMayLoad();
    timer ??= window.setTimeout(release, RETRY_MS);
  });
}
