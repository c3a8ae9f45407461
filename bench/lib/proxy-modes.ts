import { startBareProxy } from './bare-proxy-process';
import { gatewayBefore } from './gateway-before';
import { startGatewayProcess } from './gateway-process';
import type { Target } from './load';
import { startNginxProxy } from './nginx-proxy';
import { cpuMeter, processTree } from './process-cpu';

// The proxy bench's modes (../proxy-overhead.ts): direct, this gateway, the bare
// @fastify/http-proxy, nginx and the gateways from before issues #11 and #24, each as its
// instances (where requests go, which processes' CPU counts), and the CPU each instance used per
// phase. A gateway build starts as one process (the latency slices); `restartBuilds` replaces
// them with fresh ones for the closed rounds (ADR 0295). Measurement k goes to instance k mod n.
export type Instance = { target: Target; pids: number[] };
// CPU is kept per phase: at 2,000 req/s a proxy with spare capacity pays per request for what a
// saturated one shares between requests (event-loop wake-ups, socket polls), so only the closed
// loop, where every proxy is saturated, measures capacity (ADR 0157).
export type Phase = 'open' | 'closed';
type Used = { seconds: number; requests: number };
/** Where the bench stops everything: in order at the end, or killed by its watchdog. */
export type Cleanup = { stops: (() => Promise<void>)[]; kills: (() => void)[] };

export class ProxyModes {
  readonly instances: Record<string, Instance[]> = {};
  /** The gateway builds and their bundles (this build's: undefined), in the order of the modes. */
  private readonly builds = new Map<string, string | undefined>();
  private readonly stopOf = new Map<Instance, () => Promise<void>>();
  private readonly cpu: Record<Phase, Record<string, Used[]>> = { open: {}, closed: {} };

  private constructor(
    private readonly upstreamUrl: string,
    private readonly path: string,
    private readonly headers: Record<string, string>,
    private readonly cleanup: Cleanup,
  ) {}

  /** Every mode, one process each; the older gateways only where their builds can be made. */
  static async start(
    upstreamUrl: string,
    path: string,
    headers: Record<string, string>,
    cleanup: Cleanup,
  ): Promise<ProxyModes> {
    const modes = new ProxyModes(upstreamUrl, path, headers, cleanup);
    const at = (origin: string, pids: number[]) => [{ target: { origin, path, headers }, pids }];
    modes.instances.direct = at(upstreamUrl, []);
    await modes.addBuild('gateway', undefined);
    const bare = await startBareProxy(upstreamUrl);
    cleanup.stops.push(bare.stop);
    cleanup.kills.push(() => bare.child.kill('SIGKILL'));
    modes.instances['@fastify/http-proxy'] = at(bare.url, [bare.pid]);
    const nginx = await startNginxProxy(upstreamUrl);
    cleanup.stops.push(nginx.stop);
    cleanup.kills.push(nginx.kill);
    modes.instances.nginx = at(nginx.url, processTree(nginx.pid));
    for (const [name, which] of [
      ['gateway before', 'issue11'],
      ['gateway before #24', 'issue24'],
    ] as const) {
      const main = await gatewayBefore(which);
      if (main) await modes.addBuild(name, main);
    }
    return modes;
  }

  get names(): string[] {
    return Object.keys(this.instances);
  }

  instanceOf(name: string, k: number): Instance {
    const list = this.instances[name]!;
    return list[k % list.length]!;
  }

  /**
   * Stops each gateway build's processes and starts `count` fresh ones, one of each build in
   * turn, each warmed as it starts, so that none has idled much longer than the others'.
   */
  async restartBuilds(count: number, warm: (instance: Instance) => Promise<void>): Promise<void> {
    for (const name of this.builds.keys())
      for (const instance of this.instances[name]!) await this.stopOf.get(instance)!();
    for (const name of this.builds.keys()) this.instances[name] = [];
    for (let i = 0; i < count; i += 1)
      for (const [name, main] of this.builds) {
        const instance = await this.startGateway(main);
        await warm(instance);
        this.instances[name]!.push(instance);
      }
  }

  /**
   * `run` on the k-th instance of a mode, its processes' CPU counted for that instance; the
   * result with the CPU seconds it used (null for a mode without processes of its own).
   */
  async measured<T extends { requests: number }>(
    name: string,
    phase: Phase,
    k: number,
    run: (target: Target) => Promise<T>,
  ): Promise<T & { cpuSeconds: number | null }> {
    const instance = this.instanceOf(name, k);
    const used = instance.pids.length ? cpuMeter(instance.pids) : null;
    const result = await run(instance.target);
    const cpuSeconds = used ? used() : null;
    const c = ((this.cpu[phase][name] ??= [])[k % this.instances[name]!.length] ??= {
      seconds: 0,
      requests: 0,
    });
    c.seconds += cpuSeconds ?? 0;
    c.requests += result.requests;
    return { ...result, cpuSeconds };
  }

  /** Each measured instance's CPU per request, in µs. */
  cpuPerInstance(name: string, phase: Phase): number[] {
    return (this.cpu[phase][name] ?? [])
      .filter((c) => c && c.requests > 0 && c.seconds > 0)
      .map((c) => (1e6 * c.seconds) / c.requests);
  }

  /** The median instance's CPU per request, in µs. */
  cpuPerRequest(name: string, phase: Phase): number {
    const values = this.cpuPerInstance(name, phase).sort((a, b) => a - b);
    return values.length ? values[Math.floor((values.length - 1) / 2)]! : NaN;
  }

  private async addBuild(name: string, main: string | undefined): Promise<void> {
    this.builds.set(name, main);
    this.instances[name] = [await this.startGateway(main)];
  }

  private async startGateway(main: string | undefined): Promise<Instance> {
    const gateway = await startGatewayProcess(this.upstreamUrl, {}, main);
    this.cleanup.stops.push(gateway.stop);
    this.cleanup.kills.push(() => gateway.child.kill('SIGKILL'));
    const instance = {
      target: { origin: gateway.url, path: this.path, headers: this.headers },
      pids: [gateway.pid],
    };
    this.stopOf.set(instance, gateway.stop);
    return instance;
  }
}
