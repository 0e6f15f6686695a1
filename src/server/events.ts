import type { OrderStatus } from '@/shared/constants';

/**
 * What changed in the shop, announced by the service that changed it once its transaction has
 * committed: for whoever keeps something that depends on it (the catalogue's read model) or tells
 * someone (e-mail, WhatsApp: DESIGN §5). Every event is heard in the process that emitted it only.
 */
export interface ShopEventMap {
  /** A product was created, edited (price, stock, images, category...), deleted or rated. */
  productChanged: { productId: string; change: 'created' | 'updated' | 'deleted' | 'rated' };
  categoryChanged: { categoryId: string; change: 'created' | 'updated' | 'deleted' };
  /** An order was placed: its products' stock went down. */
  orderPlaced: {
    orderId: string;
    userId: string;
    grandTotal: number;
    /** The products whose stock it took: the listing follows them without reading the order back. */
    productIds: string[];
  };
  /** `stockMoved`: the change cancelled the order (stock returned) or revived a cancelled one (taken again). */
  orderStatusChanged: {
    orderId: string;
    userId: string;
    from: OrderStatus;
    to: OrderStatus;
    /** Null where the shop's rules changed it (a courier's news of a refused parcel). */
    changedBy: string | null;
    stockMoved: boolean;
  };
}

export type ShopEventName = keyof ShopEventMap;
type Listener<E extends ShopEventName> = (event: ShopEventMap[E]) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one event channel (buildApp makes it): writers emit, the read model and notifications listen. */
    events: ShopEvents;
  }
}

/**
 * A small typed emitter. Services emit after their transaction has committed, so a listener never
 * hears of a change that was rolled back; a listener that throws or rejects is reported to
 * `onListenerError` and never fails the request that made the change.
 */
export class ShopEvents {
  private readonly listeners: { [E in ShopEventName]: Set<Listener<E>> } = {
    productChanged: new Set(),
    categoryChanged: new Set(),
    orderPlaced: new Set(),
    orderStatusChanged: new Set(),
  };

  constructor(private readonly onListenerError: (error: unknown, event: ShopEventName) => void = () => {}) {}

  /** Returns a function that removes the listener again. */
  on<E extends ShopEventName>(name: E, listener: Listener<E>): () => void {
    const set = this.listeners[name] as Set<Listener<E>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends ShopEventName>(name: E, event: ShopEventMap[E]): void {
    for (const listener of this.listeners[name] as Set<Listener<E>>) {
      try {
        Promise.resolve(listener(event)).catch((error: unknown) => this.onListenerError(error, name));
      } catch (error) {
        this.onListenerError(error, name);
      }
    }
  }
}
