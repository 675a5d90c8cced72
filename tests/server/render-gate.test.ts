import { describe, expect, it } from 'vitest';
import { createRenderGate } from '../../server/http/render-gate';
import { createRenderCache } from '../../server/lib/render-cache';

/** A render the test finishes when it wants. */
function controlled() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const task = (name: string) => () => {
    started.push(name);
    return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
  };
  const done = async (name: string) => {
    finish.get(name)!();
    // Let the gate start whoever was waiting.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, task, done };
}

/** Credit that never runs out in these tests: they are about how many renders run at once. */
const AMPLE_CREDIT = { burst: 1_000, refillMs: 1 };

describe('render gate: one client cannot take all render work', () => {
  it("a client's credit: a burst, then one render per refill period; other clients have their own", async () => {
    let now = 0;
    const gate = createRenderGate({ perClient: 10, total: 10, queuePerClient: 0, burst: 2, refillMs: 10_000, now: () => now });
    const quick = () => Promise.resolve('done');
    expect(gate.tryRun('a', quick)).not.toBeNull();
    expect(gate.tryRun('a', quick)).not.toBeNull();
    expect(gate.tryRun('a', quick)).toBeNull();
    expect(gate.run('a', quick)).toBeNull();
    expect(gate.tryRun('b', quick)).not.toBeNull();
    now += 10_000;
    expect(gate.tryRun('a', quick)).not.toBeNull();
    expect(gate.tryRun('a', quick)).toBeNull();
    await Promise.resolve();
  });

  it('tryRun: a client past its own limit is refused while another client still renders', async () => {
    const gate = createRenderGate({ perClient: 1, total: 3, queuePerClient: 0, ...AMPLE_CREDIT });
    const { started, task, done } = controlled();
    const a1 = gate.tryRun('a', task('a1'));
    expect(gate.tryRun('a', task('a2'))).toBeNull();
    const b1 = gate.tryRun('b', task('b1'));
    expect(started).toEqual(['a1', 'b1']);
    await done('a1');
    expect(await a1).toBe('a1');
    // Its render finished: the client may render again.
    expect(gate.tryRun('a', task('a3'))).not.toBeNull();
    await done('b1');
    expect(await b1).toBe('b1');
  });

  it('tryRun: the pool bounds everyone together', () => {
    const gate = createRenderGate({ perClient: 1, total: 2, queuePerClient: 0, ...AMPLE_CREDIT });
    const { task } = controlled();
    expect(gate.tryRun('a', task('a'))).not.toBeNull();
    expect(gate.tryRun('b', task('b'))).not.toBeNull();
    expect(gate.tryRun('c', task('c'))).toBeNull();
    expect(gate.running).toBe(2);
  });

  it("run: a client's renders wait their turn one at a time, its queue is bounded, and others are not held behind it", async () => {
    const gate = createRenderGate({ perClient: 1, total: 2, queuePerClient: 2, ...AMPLE_CREDIT });
    const { started, task, done } = controlled();
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => gate.run('a', task(name)));
    // One running, two waiting, the rest refused at once.
    expect(flood.map((p) => p !== null)).toEqual([true, true, true, false, false]);
    expect(started).toEqual(['a1']);
    // Another client is not queued behind the flood: the pool has room for it.
    const b = gate.run('b', task('b1'));
    expect(started).toEqual(['a1', 'b1']);
    await done('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    expect(gate.running).toBe(2);
    await done('b1');
    await done('a2');
    await done('a3');
    expect(await Promise.all([flood[0], flood[1], flood[2], b])).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(gate.running).toBe(0);
  });
});

describe('render cache', () => {
  const cache = () => createRenderCache<string>({ maxBytes: 100, maxAgeMs: 60_000, sizeOf: (v) => v.length });

  it('keeps a render while its stamp holds; a new stamp renders again; concurrent askers share one render', async () => {
    const renders = cache();
    let made = 0;
    const make = (text: string) => async () => `${text}${(made += 1)}`;
    const [a, b] = await Promise.all([renders.get('k', 's1', make('x')), renders.get('k', 's1', make('x'))]);
    expect([a, b]).toEqual(['x1', 'x1']);
    expect(await renders.get('k', 's1', make('x'))).toBe('x1');
    expect(await renders.get('k', 's2', make('x'))).toBe('x2');
    expect(await renders.get('k', 's2', make('x'))).toBe('x2');
  });

  it('does not keep a render that gave nothing, nor more than its byte budget', async () => {
    const renders = cache();
    expect(await renders.get('k', 's', async () => null)).toBeNull();
    expect(await renders.get('k', 's', async () => 'now')).toBe('now');
    for (let i = 0; i < 20; i++) await renders.get(`big${i}`, 's', async () => 'x'.repeat(30));
    expect(renders.size).toBeLessThanOrEqual(3);
  });
});
