import { describe, expect, it } from 'vitest';
import { ShopEvents } from './events';

describe('ShopEvents', () => {
  const placed = { orderId: 'o1', userId: 'u1', grandTotal: 110, productIds: ['p1'] };

  it('calls every listener of the event with its payload, and stops after unsubscribing', () => {
    const events = new ShopEvents();
    const heard: unknown[] = [];
    const stop = events.on('orderPlaced', (event) => {
      heard.push(event);
    });
    events.on('orderStatusChanged', () => {
      heard.push('wrong event');
    });
    events.emit('orderPlaced', placed);
    stop();
    events.emit('orderPlaced', placed);
    expect(heard).toEqual([placed]);
  });

  it('reports a throwing or rejecting listener instead of failing the emitter, and still calls the others', async () => {
    const failures: Array<[string, string]> = [];
    const events = new ShopEvents((error, name) => failures.push([(error as Error).message, name]));
    let reached = false;
    events.on('orderPlaced', () => {
      throw new Error('sync boom');
    });
    events.on('orderPlaced', async () => {
      throw new Error('async boom');
    });
    events.on('orderPlaced', () => {
      reached = true;
    });
    expect(() => events.emit('orderPlaced', placed)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reached).toBe(true);
    expect(failures).toEqual([
      ['sync boom', 'orderPlaced'],
      ['async boom', 'orderPlaced'],
    ]);
  });
});
