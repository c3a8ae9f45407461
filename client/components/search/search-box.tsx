import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { href } from '../../../shared/href';
import { useSuggestions } from './use-suggestions';
import '../../styles/search-box.css';

// The search box: an ARIA combobox with a listbox of suggestions as the shopper types. Arrow keys
// move through the suggestions, Enter opens the highlighted one or searches for the text, Escape
// closes the list. Without JavaScript it is a plain GET form to /search?q=, whose loader redirects
// to /search/{query} (ADR 0071). On a search's results (and a product seen from them) it holds
// the query, to refine it: from the URL, never the visitor, so a kept template (ADR 0203) shows
// its own URL's query; a client navigation to another search, or away, sets it again.
export function SearchBox({ autoFocus = false }: { autoFocus?: boolean }) {
  const id = useId();
  const listId = `${id}-list`;
  const query = useParams().searchQuery ?? '';
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setText(query);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const options = useSuggestions(open ? text : '');

  // Text typed before this island hydrated (ADR 0204) stays in the field: take it, and show its
  // suggestions while the field has the focus.
  useEffect(() => {
    const typed = field.current?.value;
    if (typed === undefined || typed === text) return;
    setText(typed);
    if (document.activeElement === field.current) setOpen(true);
    // Once, at hydration: later text comes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = expanded ? options[active] : undefined;
    if (chosen) return go(chosen.to);
    // The field's own value: text typed before hydration is there before the effect above takes
    // it (an Enter in between searched for nothing; CI run33).
    const query = (field.current?.value ?? text).trim();
    if (query) go(href('search-results', { searchQuery: query }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text field itself; moving past either end wraps through it.
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Escape') {
      // Only the list goes: a search field's own Escape would empty the text as well. With the
      // list closed, Escape clears the field as the browser does (the ARIA combobox pattern).
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    // A plain <form>, as React Router's <Form> renders it (data-discover too): onSubmit always
    // prevents the submit <Form> would make, and its hooks cost every page's render (ADR 0397).
    <form
      method="get"
      action="/search"
      role="search"
      className="search-box"
      onSubmit={onSubmit}
      data-discover="true"
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search products
      </label>
      <div className="search-box-field">
        <input
          ref={field}
          id={`${id}-input`}
          name="q"
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder="Search products"
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={expanded}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={text}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="search-suggestions"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // mousedown, not click: it must win over the input's blur that closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                go(option.to);
              }}
            >
              {option.image && <img src={option.image} alt="" width={32} height={32} />}
              <span className="suggestion-label">{option.label}</span>
              <span className="suggestion-detail">{option.detail}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="search-box-submit">
        Search
      </button>
    </form>
  );
}
