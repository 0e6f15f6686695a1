import { describe, expect, it } from 'vitest';
import { OrderEvents } from './events';

describe('OrderEvents', () => {
  const placed = { orderId: 'o1', userId: 'u1', grandTotal: 110 };

  it('calls every listener of the event with its payload, and stops after unsubscribing', () => {
    const events = new OrderEvents();
    const heard: unknown[] = [];
    const stop = events.on('placed', (event) => {
      heard.push(event);
    });
    events.on('statusChanged', () => {
      heard.push('wrong event');
    });
    events.emit('placed', placed);
    stop();
    events.emit('placed', placed);
    expect(heard).toEqual([placed]);
  });

  it('reports a throwing or rejecting listener instead of failing the emitter, and still calls the others', async () => {
    const failures: Array<[string, string]> = [];
    const events = new OrderEvents((error, name) => failures.push([(error as Error).message, name]));
    let reached = false;
    events.on('placed', () => {
      throw new Error('sync boom');
    });
    events.on('placed', async () => {
      throw new Error('async boom');
    });
    events.on('placed', () => {
      reached = true;
    });
    expect(() => events.emit('placed', placed)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reached).toBe(true);
    expect(failures).toEqual([
      ['sync boom', 'placed'],
      ['async boom', 'placed'],
    ]);
  });
});
