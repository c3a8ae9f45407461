// What one beacon of the event sender (./sender.ts) may hold: the bounds of the gateway's POST
// /analytics/events (server/analytics/events.ts, ADR 0266), restated here (the browser's code
// imports nothing of the gateway; server/analytics/sender-batches.test.ts holds the two together).
// A batch past them is refused whole: a list of 60 lines put into the cart was one add_to_cart
// of 60 items, and it and every event beside it were lost.
export const MAX_ITEMS = 50;
export const MAX_EVENTS = 20;
const MAX_BODY_BYTES = 16 * 1024;
/** An event's items in at most half a body, so that any one event fits a beacon. */
const MAX_ITEM_BYTES = MAX_BODY_BYTES / 2;

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** `items` in runs an event may carry: at most MAX_ITEMS, and small enough for a beacon. */
export function itemChunks<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item) + 1;
    if (chunk.length === MAX_ITEMS || (chunk.length > 0 && bytes + size > MAX_ITEM_BYTES)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** The beacons' bodies for `events`, in order: each at most MAX_EVENTS events and the body limit. */
export function beaconBodies(cid: string, events: readonly unknown[]): string[] {
  const bodies: string[] = [];
  const envelope = bytesOf({ cid, events: [] });
  let batch: unknown[] = [];
  let bytes = envelope;
  for (const event of events) {
    const size = bytesOf(event) + 1;
    if (batch.length === MAX_EVENTS || (batch.length > 0 && bytes + size > MAX_BODY_BYTES)) {
      bodies.push(JSON.stringify({ cid, events: batch }));
      batch = [];
      bytes = envelope;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length > 0) bodies.push(JSON.stringify({ cid, events: batch }));
  return bodies;
}
