import type { OrderStatus } from '@/shared/constants';

/**
 * What happened to an order, for whoever wants to tell someone (WhatsApp: DESIGN §5). E-mails do not
 * listen here: they are written to the outbox inside the order's own transaction (src/server/mail).
 */
export interface OrderEventMap {
  placed: { orderId: string; userId: string; grandTotal: number };
  statusChanged: { orderId: string; userId: string; from: OrderStatus; to: OrderStatus; changedBy: string };
}

export type OrderEventName = keyof OrderEventMap;
type Listener<E extends OrderEventName> = (event: OrderEventMap[E]) => void | Promise<void>;

/**
 * A small typed emitter. The order service emits after its transaction has committed, so a listener
 * never hears of an order that was rolled back; a listener that throws or rejects is reported to
 * `onListenerError` and never fails the request that placed or changed the order.
 */
export class OrderEvents {
  private readonly listeners: { [E in OrderEventName]: Set<Listener<E>> } = {
    placed: new Set(),
    statusChanged: new Set(),
  };

  constructor(private readonly onListenerError: (error: unknown, event: OrderEventName) => void = () => {}) {}

  /** Returns a function that removes the listener again. */
  on<E extends OrderEventName>(name: E, listener: Listener<E>): () => void {
    const set = this.listeners[name] as Set<Listener<E>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends OrderEventName>(name: E, event: OrderEventMap[E]): void {
    for (const listener of this.listeners[name] as Set<Listener<E>>) {
      try {
        Promise.resolve(listener(event)).catch((error: unknown) => this.onListenerError(error, name));
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }
}
