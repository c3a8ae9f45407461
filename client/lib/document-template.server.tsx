import { Fragment, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Location } from 'react-router';
import type { Personal } from '../../shared/contracts/personal';
import { oneByteHtml, oneByteWhereWide } from '../../shared/one-byte-html';
import { HOLE_MARK, HoleRecording, type HoleRecorder, type RecordedHole } from './hole.server';
import { inRouterState } from './react-router-adapter';
import {
  PersonalContext,
  visitorAttribute,
  visitorSlot,
  withVisitor,
  type TemplateVisitor,
} from './personal.server';

// Document templates (ADR 0203): a page rendered once with its visitor's parts (holes) left
// out, then filled per request with the visitor's account and cart, this response's nonce and
// CID. Filling renders only the holes, in one small tree with the router's root data and the
// location they read, so a filled template is the document a whole render gives. The parts
// between the slots are kept as UTF-8 bytes: a fill encodes only what it adds, and the document
// goes to the socket as bytes, never joined into one string (ADR 0296).
type Slot = 'nonce' | 'cid' | 'hole' | 'visitor' | 'lead';

/** A narrowed hole keeps the HTML of this many keys at most. */
const KEPT_PER_HOLE = 4;

export type DocumentTemplate = {
  /** The document cut around each nonce, CID and hole of the render that made it, as UTF-8. */
  parts: Buffer[];
  slots: Slot[];
  holes: (RecordedHole & { kept?: Map<string, string> })[];
  rootData: unknown;
  location: Location;
  /**
   * About the memory it holds: the document's characters twice (its parts and the loader data
   * the holes keep), and room for the HTML its narrowed holes keep.
   */
  bytes: number;
};

/** `lead`: what this response puts first in the document's <body> (the consent banner). */
export type Ids = { nonce: string; cid: string; lead?: string };

/**
 * Renders `app` as a template, or answers null when a component outside a hole read the visitor:
 * such a page is not the same for everyone.
 */
export function renderTemplate(
  app: ReactElement,
  ids: Ids,
  page: { rootData: unknown; location: Location },
): DocumentTemplate | null {
  let tainted = false;
  const visitor: TemplateVisitor = { taint: () => void (tainted = true) };
  const recorder: HoleRecorder = { holes: [] };
  const visitorMark = visitorSlot();
  const rendered = withVisitor(
    `<!DOCTYPE html>${renderToString(
      <HoleRecording.Provider value={recorder}>
        <PersonalContext.Provider value={visitor}>{app}</PersonalContext.Provider>
      </HoleRecording.Provider>,
    )}`,
    visitorMark,
  );
  if (tainted) return null;
  // One-byte parts fill one-byte documents (docs/decisions/0286): kept once, filled per request.
  const html = oneByteHtml(rendered);
  const { parts, slots } = cut(html, { ...ids, visitor: visitorMark });
  if (slots.filter((slot) => slot === 'hole').length !== recorder.holes.length) return null;
  const narrowed = recorder.holes.filter((hole) => hole.narrow).length;
  const bytes = html.length * 2 + narrowed * KEPT_PER_HOLE * 1024;
  const encoded = parts.map((part) => Buffer.from(part));
  return { parts: encoded, slots, holes: recorder.holes, ...page, bytes };
}

/**
 * The template as this visitor's document, with this response's nonce and CID: its UTF-8 bytes,
 * written once into one buffer (the parts copied, the slots encoded).
 */
export function fillTemplate(template: DocumentTemplate, personal: Personal, ids: Ids): Buffer {
  const holes = renderHoles(template, personal);
  const visitor = oneByteWhereWide(visitorAttribute(personal));
  const { parts, slots } = template;
  const filled: string[] = [];
  let size = 0;
  for (const part of parts) size += part.length;
  let hole = 0;
  for (const slot of slots) {
    const text =
      slot === 'hole'
        ? holes[hole++]!
        : slot === 'visitor'
          ? visitor
          : slot === 'lead'
            ? (ids.lead ?? '')
            : ids[slot];
    filled.push(text);
    size += Buffer.byteLength(text);
  }
  const document = Buffer.allocUnsafe(size);
  let at = parts[0]!.copy(document, 0);
  for (let i = 0; i < filled.length; i += 1) {
    at += document.write(filled[i]!, at);
    at += parts[i + 1]!.copy(document, at);
  }
  return document;
}

const CUT = '<template data-cut=""></template>';

/**
 * The holes' HTML for this visitor: one render of those not kept, each with its visitor (the
 * whole one, or a narrowed hole's own), in one small tree with the router's root data and the
 * location.
 */
function renderHoles(template: DocumentTemplate, personal: Personal): string[] {
  const pieces: string[] = [];
  const toRender: { at: number; element: ReactNode; visitor: Personal; key?: string }[] = [];
  template.holes.forEach((hole, at) => {
    if (!hole.narrow) return void toRender.push({ at, element: hole.element, visitor: personal });
    const { key, visitor } = hole.narrow(personal);
    const kept = hole.kept?.get(key);
    if (kept !== undefined) pieces[at] = kept;
    else toRender.push({ at, element: hole.element, visitor, key });
  });
  if (toRender.length === 0) return pieces;
  const html = oneByteWhereWide(
    renderToString(
      inRouterState(
        template,
        toRender.map(({ element, visitor }, i) => (
          <Fragment key={i}>
            {i > 0 && <template data-cut="" />}
            <PersonalContext.Provider value={visitor}>{element}</PersonalContext.Provider>
          </Fragment>
        )),
      ),
    ),
  );
  html.split(CUT).forEach((piece, i) => {
    const { at, key } = toRender[i]!;
    pieces[at] = piece;
    if (key === undefined) return;
    const hole = template.holes[at]!;
    hole.kept ??= new Map();
    if (hole.kept.size < KEPT_PER_HOLE) hole.kept.set(key, piece);
  });
  return pieces;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function cut(html: string, ids: Ids & { visitor: string }): { parts: string[]; slots: Slot[] } {
  const pattern = new RegExp(
    [ids.nonce, ids.cid, HOLE_MARK, ids.visitor].map((s) => `(${escapeRegExp(s)})`).join('|'),
    'g',
  );
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    parts.push(html.slice(last, match.index));
    slots.push(match[1] ? 'nonce' : match[2] ? 'cid' : match[3] ? 'hole' : 'visitor');
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  // A slot just inside <body>, for what a response puts first in the page (the consent banner,
  // docs/decisions/0335): filled with the rest, not spliced into the whole document afterwards.
  // The tag's end is after its visitor slot (`data-visitor`), in a later part.
  const body = parts.findIndex((part) => part.includes('<body'));
  for (let at = body; body !== -1 && at < parts.length; at += 1) {
    const end = parts[at]!.indexOf('>', at === body ? parts[at]!.indexOf('<body') : 0);
    if (end === -1) continue;
    parts.splice(at, 1, parts[at]!.slice(0, end + 1), parts[at]!.slice(end + 1));
    slots.splice(at, 0, 'lead');
    break;
  }
  return { parts, slots };
}
