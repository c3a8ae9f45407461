import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { appLink, isCurrentPath } from '../../lib/app-links';
import { onResizeSettled } from '../../lib/resize';

// The shop's navigation. On a narrow window its links scroll sideways (no scrollbar): while some
// are out of sight at the end, the list fades out there (data-more), measured when the page
// loads, when the list is scrolled and once a window resize settles (docs/decisions/0176).
export function MainNav({ links }: { links: readonly { label: string; href: string }[] }) {
  const { pathname, search } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () =>
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const stop = onResizeSettled(measure);
    return () => {
      stop();
      element.removeEventListener('scroll', measure);
    };
  }, [links]);
  // The current link centred in the row, as layout.css has it on the first paint where the
  // browser can (scroll-initial-target); here on the others once the page runs, and after a
  // navigation. offsetLeft counts from the row, positioned in layout.css (ADR 0372).
  useEffect(() => {
    const element = list.current;
    const current = element?.querySelector<HTMLElement>('.active');
    if (element && current)
      element.scrollLeft = current.offsetLeft - (element.clientWidth - current.offsetWidth) / 2;
  }, [pathname, search]);
  return (
    <nav aria-label="Main" className="main-nav" data-more={more ? 'end' : undefined}>
      <ul ref={list}>
        {links.map((link) => (
          <li key={link.href}>
            {isCurrentPath(pathname, link.href, search) ? (
              <a href={link.href} {...appLink} className="active" aria-current="page">
                {link.label}
              </a>
            ) : (
              <a href={link.href} {...appLink}>
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
