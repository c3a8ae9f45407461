import { addressGroup } from '../../shared/address-group';
import type { FairShare, Shed } from '../limits/fair-share';
import { writeError } from './answers';
import { clientAddressOf } from './client-address';
import type { ProxyCall } from './proxy-call';

// The proxy's place in the gateway's fair share (issue #27 item 5, ADR 0249): every proxied call,
// by either door, takes a place of its client's (address group) before the engine sees it, and
// gives it back when its response closes. A call that gets none within the wait is answered
// 429 or 503 in the gateway's error shape, without an upstream call.
export function fairShareGate(
  engine: (call: ProxyCall) => void,
  share: FairShare,
  trustProxy: readonly string[],
): (call: ProxyCall) => void {
  const clientOf = clientAddressOf(trustProxy);
  return (call) => {
    const key = addressGroup(clientOf(call.res.req).ip);
    let state: 'waiting' | 'admitted' | 'shed' = 'waiting';
    let watching = false;
    const cancel = share.acquire(key, (admission, shed) => {
      if (admission) {
        state = 'admitted';
        call.res.once('close', admission.release);
        engine(call);
        return;
      }
      state = 'shed';
      // The door's work at the end (its request line) still happens, as the engine would do it.
      if (!watching) call.res.once('close', () => call.closed?.());
      refuse(call, shed!);
    });
    if (state !== 'waiting') return;
    watching = true;
    call.res.once('close', () => {
      if (state === 'admitted') return;
      cancel();
      call.closed?.();
    });
  };
}

function refuse(call: ProxyCall, shed: Shed): void {
  if (call.res.headersSent || call.res.destroyed) return;
  const frame = {
    cid: call.cid,
    method: call.method,
    own: call.own,
    cookies: [],
    eventId: undefined,
    closing: false,
  };
  writeError(call.res, frame, shed.status, shed, { 'retry-after': String(shed.retryAfterSeconds) });
}
