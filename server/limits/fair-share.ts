// Fair share of the gateway under load (issue #27 item 5, docs/decisions/0249): at most
// `perClient` requests of one client (its address group, IPv6 by /64) at once and `total` of
// everyone, for one kind of work (proxied calls, page renders). A request past either waits up
// to `queueMs` for a place, in order; past that, or when the queue is full, it is shed: 429 when
// its client already has its share, 503 when the gateway as a whole is full. So one client's
// flood takes its share and no more, and the upstream pool is never exhausted by it.
export type FairShareLimits = {
  /** Requests of one client at once. */
  perClient: number;
  /** Requests of all clients at once (below the upstream pool's connections). */
  total: number;
  /** How long a request may wait for a place before it is shed. */
  queueMs: number;
};

/** Why a request was shed, in the gateway's error shape. */
export type Shed = { status: 429 | 503; code: string; message: string; retryAfterSeconds: number };

/** A place taken, given back with `release` (once; later calls do nothing). */
export type Admission = { release(): void };

type Waiter = {
  key: string;
  decide(admission: Admission | null, shed: Shed | null): void;
  timer: NodeJS.Timeout;
  done: boolean;
};

/** How long after a 503 the gateway still says it is saturated (readiness). */
const SATURATION_MEMORY_MS = 1_000;

export class FairShare {
  private readonly active = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private readonly waitingPerClient = new Map<string, number>();
  private inUse = 0;
  private lastFullAt = -Infinity;

  constructor(
    readonly what: string,
    private readonly limits: FairShareLimits,
  ) {}

  /**
   * Takes a place for the client `key`: `decide` is called once, at once when there is room
   * (no promise on the common path), else when a place frees or the wait ends. The returned
   * function gives up a wait (the visitor left); it does nothing once decided.
   */
  acquire(
    key: string,
    decide: (admission: Admission | null, shed: Shed | null) => void,
  ): () => void {
    // Whoever waits does not fit (each release admits those that do): no one is overtaken.
    if (this.fits(key)) {
      decide(this.take(key), null);
      return () => undefined;
    }
    const shed = this.queueFull(key);
    if (shed) {
      decide(null, shed);
      return () => undefined;
    }
    const waiter: Waiter = {
      key,
      decide,
      done: false,
      timer: setTimeout(() => this.expire(waiter), this.limits.queueMs),
    };
    this.waiting.push(waiter);
    this.count(this.waitingPerClient, key, 1);
    return () => {
      if (waiter.done) return;
      this.dequeue(waiter);
    };
  }

  /** Every place taken, or full within the last second: readiness says "not now". */
  saturated(now = performance.now()): boolean {
    return this.inUse >= this.limits.total || now - this.lastFullAt < SATURATION_MEMORY_MS;
  }

  get stats() {
    return { what: this.what, inUse: this.inUse, waiting: this.waiting.length };
  }

  private fits(key: string): boolean {
    return this.inUse < this.limits.total && (this.active.get(key) ?? 0) < this.limits.perClient;
  }

  private take(key: string): Admission {
    this.inUse += 1;
    this.count(this.active, key, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inUse -= 1;
        this.count(this.active, key, -1);
        this.admitWaiting();
      },
    };
  }

  /** Shed at once: the client already has as many waiting as its share, or everyone's is full. */
  private queueFull(key: string): Shed | null {
    if ((this.waitingPerClient.get(key) ?? 0) >= this.limits.perClient) return this.shedFor(key);
    if (this.waiting.length >= this.limits.total) return this.shedFor(key);
    return null;
  }

  private shedFor(key: string): Shed {
    if ((this.active.get(key) ?? 0) >= this.limits.perClient)
      return {
        status: 429,
        code: 'too_many_requests',
        message: `Too many ${this.what} at once from your address; try again in a moment`,
        retryAfterSeconds: 1,
      };
    this.lastFullAt = performance.now();
    return {
      status: 503,
      code: 'overloaded',
      message: `The shop is busy (${this.what}); try again in a moment`,
      retryAfterSeconds: 2,
    };
  }

  /** The first waiters, in order, that fit now. */
  private admitWaiting(): void {
    for (let i = 0; i < this.waiting.length && this.inUse < this.limits.total;) {
      const waiter = this.waiting[i]!;
      if (!this.fits(waiter.key)) {
        i += 1;
        continue;
      }
      this.dequeue(waiter);
      waiter.decide(this.take(waiter.key), null);
    }
  }

  private expire(waiter: Waiter): void {
    if (waiter.done) return;
    this.dequeue(waiter);
    waiter.decide(null, this.shedFor(waiter.key));
  }

  private dequeue(waiter: Waiter): void {
    waiter.done = true;
    clearTimeout(waiter.timer);
    const at = this.waiting.indexOf(waiter);
    if (at !== -1) this.waiting.splice(at, 1);
    this.count(this.waitingPerClient, waiter.key, -1);
  }

  private count(map: Map<string, number>, key: string, by: number): void {
    const next = (map.get(key) ?? 0) + by;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  }
}
