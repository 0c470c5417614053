import { ServiceCallError } from './call';
import { ServiceCircuit } from './circuit-breaker';

const options = { stallMs: 50, probeTimeoutMs: 40, probeIntervalMs: 30, recoveryProbeTimeoutMs: 40, retryAfterSeconds: 2 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const never = () => new Promise<never>(() => undefined);
const timeout = () => Promise.reject(new ServiceCallError('svc.health', { statusCode: 504, message: 'timed out' }, 'timeout'));

describe('ServiceCircuit', () => {
  let circuit: ServiceCircuit;
  afterEach(() => circuit?.close());

  it('fails every waiting call with a 503 and Retry-After once neither they nor a probe are answered', async () => {
    let alive = false;
    circuit = new ServiceCircuit('comparisons', () => (alive ? Promise.resolve({}) : sleep(40).then(timeout)), options);
    // Both calls would wait forever: only the breaker can end them.
    const calls = [circuit.run('a', never), circuit.run('b', never)].map((p) => p.catch((e: unknown) => e));
    const [a, b] = await Promise.all(calls);
    for (const error of [a, b]) {
      expect(error).toBeInstanceOf(ServiceCallError);
      expect((error as ServiceCallError).statusCode).toBe(503);
      expect((error as ServiceCallError).payload.retryAfterSeconds).toBe(2);
    }
    expect(circuit.state).toBe('open');
    // While open, calls fail at once without being sent.
    let sent = false;
    await expect(
      circuit.run('c', () => {
        sent = true;
        return Promise.resolve(1);
      }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    expect(sent).toBe(false);
    // The service comes back: the next probe closes the breaker and calls go through again.
    alive = true;
    for (let i = 0; i < 100 && circuit.state === 'open'; i++) await sleep(20);
    expect(circuit.state).toBe('closed');
    await expect(circuit.run('d', () => Promise.resolve(42))).resolves.toBe(42);
  });

  it('keeps waiting for a slow call while the service still answers the probe', async () => {
    circuit = new ServiceCircuit('catalog', () => Promise.resolve({}), options);
    await expect(circuit.run('slow', () => sleep(200).then(() => 'done'))).resolves.toBe('done');
    expect(circuit.state).toBe('closed');
  });

  it('does not open when the probe timed out only because this process was too busy to read the answers', async () => {
    let probes = 0;
    const busy = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    };
    // The first probe's timeout comes long after it was due (the event loop was blocked); the service itself is fine.
    circuit = new ServiceCircuit('catalog', () => (++probes === 1 ? sleep(1).then(() => (busy(400), timeout())) : Promise.resolve({})), options);
    // The call is answered once the breaker has probed again (or after 3 s, to fail below rather than hang).
    const slow = () =>
      new Promise<string>((resolve) => {
        const started = Date.now();
        const check = setInterval(() => (probes >= 2 || Date.now() - started > 3000) && (clearInterval(check), resolve('done')), 10);
      });
    await expect(circuit.run('slow', slow)).resolves.toBe('done');
    expect(circuit.state).toBe('closed');
    expect(circuit.opened).toBe(0);
    expect(probes).toBeGreaterThanOrEqual(2);
  });

  it('passes a service error through without opening: the service answered', async () => {
    circuit = new ServiceCircuit('stores', () => sleep(40).then(timeout), options);
    const notFound = new ServiceCallError('stores.get', { statusCode: 404, message: 'Unknown store' }, 'reply');
    await expect(circuit.run('stores.get', () => Promise.reject(notFound))).rejects.toBe(notFound);
    expect(circuit.state).toBe('closed');
  });
});
