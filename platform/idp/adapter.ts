import { LRUCache } from 'lru-cache';

// oidc-provider's storage (codes, sessions, grants, interactions) in bounded in-process memory: a
// demo provider in one process needs no database, and a restart just signs its users out of it.
type Payload = Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string };

const store = new LRUCache<string, Payload>({ max: 10_000, ttlAutopurge: false });
const grants = new LRUCache<string, Set<string>>({ max: 10_000 });

export class MemoryStore {
  constructor(private readonly model: string) {}

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const key = this.key(id);
    store.set(key, payload, expiresIn ? { ttl: expiresIn * 1000 } : {});
    if (payload.grantId) {
      const keys = grants.get(payload.grantId) ?? new Set<string>();
      keys.add(key);
      grants.set(payload.grantId, keys);
    }
    if (payload.uid)
      store.set(`uid:${this.model}:${payload.uid}`, { id } as Payload, {
        ttl: (expiresIn ?? 600) * 1000,
      });
  }

  async find(id: string): Promise<Payload | undefined> {
    return store.get(this.key(id));
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const ref = store.get(`uid:${this.model}:${uid}`);
    return ref ? this.find(String(ref.id)) : undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const payload = store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of grants.get(grantId) ?? []) store.delete(key);
    grants.delete(grantId);
  }
}
