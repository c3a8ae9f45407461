import { createElement, type ReactElement, type ReactNode } from 'react';

// Turns well-formed HTML (what React itself rendered) into a React element tree once, so the
// render-ratio baseline can renderToString "the same HTML" per request. Comments (React's text
// separators and Suspense markers) are dropped; <script> and <style> keep their text verbatim.
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const RAW_TEXT = new Set(['script', 'style']);
const BOOLEAN = new Set([
  'async',
  'autofocus',
  'checked',
  'defer',
  'disabled',
  'formnovalidate',
  'hidden',
  'inert',
  'itemscope',
  'multiple',
  'muted',
  'nomodule',
  'novalidate',
  'open',
  'playsinline',
  'readonly',
  'required',
  'selected',
]);
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  autofocus: 'autoFocus',
  crossorigin: 'crossOrigin',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  'http-equiv': 'httpEquiv',
  charset: 'charSet',
  enctype: 'encType',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  novalidate: 'noValidate',
  nomodule: 'noModule',
  formnovalidate: 'formNoValidate',
  playsinline: 'playsInline',
  itemscope: 'itemScope',
  itemprop: 'itemProp',
  itemtype: 'itemType',
  referrerpolicy: 'referrerPolicy',
  datetime: 'dateTime',
  accesskey: 'accessKey',
  spellcheck: 'spellCheck',
  contenteditable: 'contentEditable',
  'accept-charset': 'acceptCharset',
  formaction: 'formAction',
  formmethod: 'formMethod',
  hreflang: 'hrefLang',
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const name = declaration.slice(0, colon).trim();
    style[name.startsWith('--') ? name : camel(name)] = declaration.slice(colon + 1).trim();
  }
  return style;
}

function propName(name: string, inSvg: boolean): string {
  if (PROP_NAMES[name]) return PROP_NAMES[name];
  if (inSvg && name.includes('-') && !name.startsWith('data-') && !name.startsWith('aria-'))
    return camel(name);
  return name;
}

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttributes(source: string, inSvg: boolean): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!; // case kept: SVG's viewBox
    const raw = match[2] ?? match[3] ?? match[4];
    const value = raw === undefined ? '' : decodeEntities(raw);
    const lower = name.toLowerCase();
    if (lower === 'style') props.style = styleObject(value);
    else if (BOOLEAN.has(lower)) props[propName(lower, inSvg)] = true;
    else props[propName(name, inSvg)] = value;
  }
  return props;
}

type Open = { tag: string; props: Record<string, unknown>; children: ReactNode[] };

/** The element tree of one HTML fragment with a single root element. */
export function htmlToReact(html: string): ReactElement {
  const root: Open = { tag: '#root', props: {}, children: [] };
  const stack: Open[] = [root];
  const TOKEN =
    /<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/gi;
  let at = 0;
  const text = (until: number) => {
    if (until > at) stack[stack.length - 1]!.children.push(decodeEntities(html.slice(at, until)));
  };
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    text(match.index);
    at = TOKEN.lastIndex;
    const [, closing, opening, attributes = '', selfClosing] = match;
    if (closing) {
      const open = stack.pop()!;
      stack[stack.length - 1]!.children.push(createElement(open.tag, open.props, ...open.children));
      continue;
    }
    if (!opening) continue; // comment or doctype
    const inSvg = opening === 'svg' || stack.some((o) => o.tag === 'svg');
    const props = parseAttributes(attributes, inSvg);
    const tag = opening.toLowerCase() === opening || inSvg ? opening : opening.toLowerCase();
    if (RAW_TEXT.has(tag)) {
      const end = html.indexOf(`</${tag}>`, at);
      props.dangerouslySetInnerHTML = { __html: html.slice(at, end) };
      at = end + tag.length + 3;
      TOKEN.lastIndex = at;
      stack[stack.length - 1]!.children.push(createElement(tag, props));
    } else if (VOID.has(tag) || selfClosing) {
      stack[stack.length - 1]!.children.push(createElement(tag, props));
    } else {
      stack.push({ tag, props, children: [] });
    }
  }
  text(html.length);
  const element = root.children.find(
    (child): child is ReactElement => typeof child === 'object' && child !== null,
  );
  if (!element || stack.length !== 1)
    throw new Error('htmlToReact: not a single well-formed element');
  return element;
}

/** The `<body ...>...</body>` element of a document. */
export function bodyOf(documentHtml: string): string {
  const start = documentHtml.search(/<body[\s>]/);
  const end = documentHtml.lastIndexOf('</body>');
  if (start === -1 || end === -1) throw new Error('no <body> in the document');
  return documentHtml.slice(start, end + '</body>'.length);
}
