import type { ProductSort } from '@/shared/constants';
import { searchWords } from '@/shared/search-text';
import type { ProductFilters, SummaryGroup } from './queries';

/**
 * What the listing filters and sorts a product by, as `loadListedProducts` reads it: the columns of
 * the products table that the listing's SQL compares, and nothing of what it shows.
 */
export interface ListedProduct {
  id: string;
  /** `products.search_text`: the names in the search's one spelling (src/shared/search-text.ts). */
  searchText: string;
  categoryId: string | null;
  inStock: boolean;
  featuredScore: number;
  /** Microseconds since 1970, as PostgreSQL keeps the time (a Date would round it to milliseconds). */
  createdAtMicros: number;
  finalPricePiastres: number;
  discount: number;
  inStockSizes: string[];
  inStockColors: string[];
}

/**
 * The sorts the index keeps. A name's place depends on the database's collation, which JavaScript
 * cannot reproduce exactly: the name sorts stay with SQL.
 */
export const INDEXED_SORTS = ['featured', 'priceAsc', 'priceDesc', 'newest', 'discount'] as const;
export type IndexedSort = (typeof INDEXED_SORTS)[number];

export function isIndexedSort(sort: ProductSort): sort is IndexedSort {
  return (INDEXED_SORTS as readonly string[]).includes(sort);
}

/** A sorted list of slot numbers that grows in place. */
class SlotList {
  slots: Int32Array;
  length = 0;

  constructor(capacity = 4) {
    this.slots = new Int32Array(capacity);
  }

  private room(): void {
    if (this.length < this.slots.length) return;
    const grown = new Int32Array(this.slots.length * 2);
    grown.set(this.slots);
    this.slots = grown;
  }

  /** Where `slot` is, or where it would go, under `before`. */
  search(slot: number, before: (a: number, b: number) => number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Adds `slot` at the end, sorted or not (a build sorts once at the end). */
  push(slot: number): void {
    this.room();
    this.slots[this.length++] = slot;
  }

  insert(slot: number, before: (a: number, b: number) => number): void {
    const at =
      this.length > 0 && before(this.slots[this.length - 1]!, slot) < 0
        ? this.length
        : this.search(slot, before);
    this.room();
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length++;
  }

  remove(slot: number, before: (a: number, b: number) => number): void {
    const at = this.search(slot, before);
    if (at >= this.length || this.slots[at] !== slot) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length--;
  }
}

const bySlot = (a: number, b: number) => a - b;

/**
 * The slots whose text holds one trigram, in slot order. A common trigram's list also keeps one bit
 * per slot once those bits take no more room than the list (a 32nd of the slots or more): a search
 * then tests each candidate against it in one step instead of walking a list of thousands.
 */
class PostingList extends SlotList {
  bits: Uint32Array | null = null;

  add(slot: number, capacity: number): void {
    this.insert(slot, bySlot);
    if (this.bits) this.bits[slot >>> 5]! |= 1 << (slot & 31);
    else this.keepBits(capacity);
  }

  delete(slot: number): void {
    this.remove(slot, bySlot);
    if (this.bits) this.bits[slot >>> 5]! &= ~(1 << (slot & 31));
  }

  /** Makes the bits when the list has grown to a 32nd of `capacity`, or widens them to it. */
  keepBits(capacity: number): void {
    const words = Math.ceil(capacity / 32);
    if (this.bits) {
      if (this.bits.length >= words) return;
      const wider = new Uint32Array(words);
      wider.set(this.bits);
      this.bits = wider;
      return;
    }
    if (this.length * 32 < capacity) return;
    this.bits = new Uint32Array(words);
    for (let i = 0; i < this.length; i++) {
      const slot = this.slots[i]!;
      this.bits[slot >>> 5]! |= 1 << (slot & 31);
    }
  }
}

/** Whether `slot`'s bit is set in every one of `bitLists`. */
function inEvery(bitLists: Uint32Array[], slot: number): boolean {
  for (const bits of bitLists) if (((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 0) return false;
  return true;
}

/** No filter at all: a page is a stretch of the sort's list. */
function unfiltered(filters: ProductFilters): boolean {
  return (
    !filters.search &&
    filters.categoryIds === undefined &&
    filters.availability === 'all' &&
    filters.minPricePiastres === undefined &&
    filters.maxPricePiastres === undefined &&
    !filters.sizes?.length &&
    !filters.colors?.length
  );
}

/** One trigram (three UTF-16 units) as a number: a map keyed by numbers needs no substring per key. */
function trigramAt(text: string, i: number): number {
  return (text.charCodeAt(i) * 65_536 + text.charCodeAt(i + 1)) * 65_536 + text.charCodeAt(i + 2);
}

/** Adds every trigram of `text` to `into`. */
function addTrigrams(text: string, into: Set<number>): void {
  for (let i = 0; i + 3 <= text.length; i++) into.add(trigramAt(text, i));
}

/** Every distinct trigram of `text`. */
function trigramsOf(text: string, into = new Set<number>()): Set<number> {
  into.clear();
  addTrigrams(text, into);
  return into;
}

/**
 * The slots of the sorted `a` also in the sorted `b`, `a` the shorter: a walk of both when they are
 * of a size, else a search in `b` for each of `a` (a short list against a long one).
 */
function intersect(a: Int32Array, b: SlotList): Int32Array {
  const found = new Int32Array(a.length);
  const other = b.slots;
  let n = 0;
  let j = 0;
  if (b.length <= a.length * 8) {
    for (let i = 0; i < a.length && j < b.length;) {
      const x = a[i]!;
      const y = other[j]!;
      if (x === y) {
        found[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
    return found.subarray(0, n);
  }
  for (const slot of a) {
    let high = b.length;
    while (j < high) {
      const middle = (j + high) >>> 1;
      if (other[middle]! < slot) j = middle + 1;
      else high = middle;
    }
    if (j >= b.length) break;
    if (other[j] === slot) found[n++] = slot;
  }
  return found.subarray(0, n);
}

/** Each byte's two hex digits: an id is written from its words by looking them up. */
const BYTE_HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A UUID's 32 hex digits as four 32-bit words at `slot` of `words`. */
function writeId(id: string, words: Uint32Array, slot: number): void {
  const hex = id.replaceAll('-', '');
  for (let word = 0; word < 4; word++) {
    words[slot * 4 + word] = Number.parseInt(hex.slice(word * 8, word * 8 + 8), 16);
  }
}

/** A (sizes, colours) pair's key among the pairs. */
function pairKey(sizes: string[], colors: string[]): string {
  return JSON.stringify([sizes, colors]);
}

interface OptionPair {
  sizes: string[];
  colors: string[];
}

/** Products whose trigrams are listed between two pauses of a build. */
const TRIGRAM_BATCH = 5_000;

/** Candidates few enough to test each with `includes` rather than narrow further. */
const FEW_CANDIDATES = 32;

/** Every column grows together; a slot is a product's row in all of them. */
const FIRST_CAPACITY = 1_024;

/**
 * The catalogue's listing in this process's memory (issue 18): which products match a listing's
 * filters and search, in any sort but the names', and the summary beside it. A new search phrase or a
 * page deep in the list is then a walk of a few arrays instead of a scan of the trigram index or of
 * the sort's index, and the database reads only the page's rows, by primary key. It answers exactly
 * what the listing's SQL answers (`listing-index.test.ts` compares the two over every filter and sort,
 * on both databases): each word of a search term is found as a substring of `search_text` (the
 * three-letter pieces of the words narrow the candidates, `includes` decides), the sorts end on the id
 * as the SQL's do.
 * The typo-tolerant fallback and the name sorts stay with SQL.
 */
export class ListingIndex {
  private count = 0;
  private capacity = FIRST_CAPACITY;
  private readonly texts: string[] = [];
  /** Each slot's id as four 32-bit words (a string per product cost ten times the memory). */
  private idWords = new Uint32Array(FIRST_CAPACITY * 4);
  /** The live slots by id: how an id finds its slot. */
  private readonly byId = new SlotList(FIRST_CAPACITY);
  private category = new Int32Array(FIRST_CAPACITY);
  private inStock = new Uint8Array(FIRST_CAPACITY);
  private score = new Float64Array(FIRST_CAPACITY);
  private created = new Float64Array(FIRST_CAPACITY);
  private price = new Float64Array(FIRST_CAPACITY);
  private discount = new Float64Array(FIRST_CAPACITY);
  private pair = new Int32Array(FIRST_CAPACITY);
  /** Category ids as small numbers (-1: none). */
  private readonly categoryNumbers = new Map<string, number>();
  /** Each distinct (in-stock sizes, in-stock colours) pair once: the summary groups by them. */
  private readonly pairs: OptionPair[] = [];
  private readonly pairNumbers = new Map<string, number>();
  private readonly postings = new Map<number, PostingList>();
  private readonly scratch = new Set<number>();
  private readonly orders: Record<IndexedSort, SlotList>;
  private readonly before: Record<IndexedSort, (a: number, b: number) => number>;

  constructor() {
    const byId = (a: number, b: number) => this.compareIds(a, b);
    // As SORT_KEYS of queries.ts: each sort runs one way over its columns and ends on the id.
    this.before = {
      featured: (a, b) =>
        this.inStock[b]! - this.inStock[a]! ||
        this.score[b]! - this.score[a]! ||
        this.created[b]! - this.created[a]! ||
        byId(b, a),
      // In stock first in every sort (issue 35), the upward ones too.
      priceAsc: (a, b) =>
        this.inStock[b]! - this.inStock[a]! || this.price[a]! - this.price[b]! || byId(a, b),
      priceDesc: (a, b) =>
        this.inStock[b]! - this.inStock[a]! || this.price[b]! - this.price[a]! || byId(b, a),
      newest: (a, b) =>
        this.inStock[b]! - this.inStock[a]! || this.created[b]! - this.created[a]! || byId(b, a),
      discount: (a, b) =>
        this.inStock[b]! - this.inStock[a]! || this.discount[b]! - this.discount[a]! || byId(b, a),
    };
    this.orders = {
      featured: new SlotList(FIRST_CAPACITY),
      priceAsc: new SlotList(FIRST_CAPACITY),
      priceDesc: new SlotList(FIRST_CAPACITY),
      newest: new SlotList(FIRST_CAPACITY),
      discount: new SlotList(FIRST_CAPACITY),
    };
  }

  /** Products in the index. */
  get size(): number {
    return this.byId.length;
  }

  /**
   * A new index of the products `batches` yield (each id once), placed as they come so no batch
   * outlives its turn. The sorted lists are sorted once at the end, where putting products one by
   * one would move half of each list per product; `pause` is awaited between batches and sorts, so
   * a server answers requests while it builds (about a second at 100,000 products).
   */
  static async of(
    batches: AsyncIterable<readonly ListedProduct[]> | Iterable<readonly ListedProduct[]>,
    pause: () => Promise<void> = async () => undefined,
  ): Promise<ListingIndex> {
    const index = new ListingIndex();
    for await (const batch of batches) {
      for (const product of batch) index.place(product, true);
      await pause();
    }
    index.byId.slots.subarray(0, index.byId.length).sort((a, b) => index.compareIds(a, b));
    // Each trigram's list made at its final length (counted first): growing them by doubling left
    // as much memory again behind, which the process kept.
    const counts = new Map<number, number>();
    await index.eachTrigram(pause, (trigram) => counts.set(trigram, (counts.get(trigram) ?? 0) + 1));
    for (const [trigram, count] of counts) index.postings.set(trigram, new PostingList(count));
    counts.clear();
    await index.eachTrigram(pause, (trigram, slot) => {
      const list = index.postings.get(trigram)!;
      list.slots[list.length++] = slot;
    });
    for (const list of index.postings.values()) list.keepBits(index.capacity);
    for (const sort of INDEXED_SORTS) {
      await pause();
      const order = index.orders[sort];
      order.slots = new Int32Array(index.capacity);
      order.slots.set(index.byId.slots.subarray(0, index.byId.length));
      order.length = index.byId.length;
      order.slots.subarray(0, order.length).sort(index.before[sort]);
    }
    return index;
  }

  /** Every distinct trigram of every product's text, in slot order, pausing now and then. */
  private async eachTrigram(
    pause: () => Promise<void>,
    visit: (trigram: number, slot: number) => void,
  ): Promise<void> {
    for (let slot = 0; slot < this.count; slot++) {
      for (const trigram of trigramsOf(this.texts[slot]!, this.scratch)) visit(trigram, slot);
      if (slot % TRIGRAM_BATCH === TRIGRAM_BATCH - 1) await pause();
    }
  }

  /** Slots taken, by products held and by the ones they replaced (given back only by a new build). */
  get slotsTaken(): number {
    return this.count;
  }

  /**
   * Adds a product, or replaces what the index holds of it. A product whose listed values are as held
   * (an order moved its stock but not out of stock, the common change) keeps its slot: a new one would
   * move every sorted list and take a slot until the next build.
   */
  put(product: ListedProduct): void {
    const held = this.slotOf(product.id);
    if (held !== undefined) {
      if (this.holds(held, product)) return;
      this.forget(held);
    }
    const slot = this.place(product);
    for (const sort of INDEXED_SORTS) this.orders[sort].insert(slot, this.before[sort]);
  }

  /** A product's values in a new slot and its trigrams' lists; not yet in the sorted lists. */
  private place(product: ListedProduct, building = false): number {
    const slot = this.count === this.capacity ? (this.grow(), this.count) : this.count;
    this.count++;
    writeId(product.id, this.idWords, slot);
    this.texts[slot] = product.searchText;
    this.category[slot] = product.categoryId === null ? -1 : this.numberOfCategory(product.categoryId);
    this.inStock[slot] = product.inStock ? 1 : 0;
    this.score[slot] = product.featuredScore;
    this.created[slot] = product.createdAtMicros;
    this.price[slot] = product.finalPricePiastres;
    this.discount[slot] = product.discount;
    this.pair[slot] = this.numberOfPair(product.inStockSizes, product.inStockColors);
    if (building) {
      // A build sorts the slots by id, and lists the trigrams, once every product is placed.
      this.byId.push(slot);
      return slot;
    }
    this.byId.insert(slot, (a, b) => this.compareIds(a, b));
    // A new slot is the highest yet: each posting list stays sorted by appending.
    for (const trigram of trigramsOf(product.searchText, this.scratch)) {
      let list = this.postings.get(trigram);
      if (!list) this.postings.set(trigram, (list = new PostingList()));
      list.add(slot, this.capacity);
    }
    return slot;
  }

  /** Whether `slot` holds `product`'s listed values as they are. */
  private holds(slot: number, product: ListedProduct): boolean {
    return (
      this.texts[slot] === product.searchText &&
      this.category[slot] ===
        (product.categoryId === null ? -1 : this.categoryNumbers.get(product.categoryId)) &&
      this.inStock[slot] === (product.inStock ? 1 : 0) &&
      this.score[slot] === product.featuredScore &&
      this.created[slot] === product.createdAtMicros &&
      this.price[slot] === product.finalPricePiastres &&
      this.discount[slot] === product.discount &&
      this.pair[slot] === this.pairNumbers.get(pairKey(product.inStockSizes, product.inStockColors))
    );
  }

  /** Forgets a product (deleted, or about to be put again); an unknown id is no change. */
  remove(id: string): void {
    const slot = this.slotOf(id);
    if (slot !== undefined) this.forget(slot);
  }

  /** Takes a held slot out of every list; its values stay behind, unused. */
  private forget(slot: number): void {
    // Out of the sorted lists first, while the slot's values still say where it stands.
    for (const sort of INDEXED_SORTS) this.orders[sort].remove(slot, this.before[sort]);
    for (const trigram of trigramsOf(this.texts[slot]!, this.scratch)) {
      const list = this.postings.get(trigram);
      list?.delete(slot);
      if (list?.length === 0) this.postings.delete(trigram);
    }
    this.texts[slot] = '';
    this.byId.remove(slot, (a, b) => this.compareIds(a, b));
  }

  /**
   * The summary's groups for `filters` (as `summaryGroups` of queries.ts counts them in SQL): the
   * products matching the search, category and availability, by their (sizes, colours) pair, each with
   * how many are in the price range and the highest price.
   */
  summaryGroups(filters: ProductFilters): SummaryGroup[] {
    return this.groupsOf(this.baseMatches(filters), filters);
  }

  private groupsOf(matches: Int32Array, filters: ProductFilters): SummaryGroup[] {
    const n = new Int32Array(this.pairs.length);
    const top = new Float64Array(this.pairs.length).fill(-Infinity);
    const low = filters.minPricePiastres ?? -Infinity;
    const high = filters.maxPricePiastres ?? Infinity;
    for (const slot of matches) {
      const pair = this.pair[slot]!;
      const price = this.price[slot]!;
      if (price >= low && price <= high) n[pair]++;
      if (price > top[pair]!) top[pair] = price;
    }
    const groups: SummaryGroup[] = [];
    top.forEach((price, pair) => {
      if (price === -Infinity) return;
      groups.push({
        sizes: this.pairs[pair]!.sizes,
        colors: this.pairs[pair]!.colors,
        n: n[pair]!,
        top: price,
      });
    });
    return groups;
  }

  /**
   * A search's summary groups and page from one pass over its matches (a new phrase is the common
   * case: nothing kept can answer it).
   */
  search(
    filters: ProductFilters,
    sort: IndexedSort,
    limit: number,
    offset: number,
  ): { groups: SummaryGroup[]; ids: string[] } {
    const matches = this.baseMatches(filters);
    const holds = this.pageTest(filters);
    const kept = matches.filter(holds);
    const ids = this.firstOf(kept, this.before[sort], offset + limit)
      .slice(offset)
      .map((slot) => this.idOf(slot));
    return { groups: this.groupsOf(matches, filters), ids };
  }

  /** The ids of the page at `offset` under every filter, in `sort`'s order. */
  pageIds(filters: ProductFilters, sort: IndexedSort, limit: number, offset: number): string[] {
    if (filters.search) return this.search(filters, sort, limit, offset).ids;
    const order = this.orders[sort];
    if (unfiltered(filters)) {
      return Array.from(order.slots.subarray(offset, Math.min(offset + limit, order.length)), (slot) =>
        this.idOf(slot),
      );
    }
    const base = this.baseTest(filters);
    const holds = this.pageTest(filters);
    const page: string[] = [];
    let skipped = 0;
    for (let i = 0; i < order.length && page.length < limit; i++) {
      const slot = order.slots[i]!;
      if (!base(slot) || !holds(slot)) continue;
      if (skipped < offset) skipped++;
      else page.push(this.idOf(slot));
    }
    return page;
  }

  /** The price range and the options: the filters the summary counts beside, not within. */
  private pageTest(filters: ProductFilters): (slot: number) => boolean {
    const inRange = this.priceTest(filters);
    const hasOptions = this.optionTest(filters);
    return (slot) => inRange(slot) && hasOptions(slot);
  }

  /** The first `count` of `slots` under `before`, in order: one pass keeping the best, or a sort. */
  private firstOf(slots: Int32Array, before: (a: number, b: number) => number, count: number): number[] {
    if (count * 8 >= slots.length) return Array.from(slots).sort(before).slice(0, count);
    const best: number[] = [];
    for (const slot of slots) {
      if (best.length === count && before(slot, best[count - 1]!) >= 0) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(best[middle]!, slot) < 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, slot);
      if (best.length > count) best.pop();
    }
    return best;
  }

  /** The slots matching the search, category and availability, in slot order. */
  private baseMatches(filters: ProductFilters): Int32Array {
    const base = this.baseTest(filters);
    const words = filters.search ? searchWords(filters.search) : [];
    const pieces = this.scratch;
    pieces.clear();
    for (const word of words) addTrigrams(word, pieces);
    let candidates: Int32Array;
    const bitLists: Uint32Array[] = [];
    if (pieces.size > 0) {
      const lists: PostingList[] = [];
      for (const trigram of pieces) {
        const list = this.postings.get(trigram);
        if (!list) return new Int32Array(0);
        lists.push(list);
      }
      lists.sort((a, b) => a.length - b.length);
      // The rarest piece gives the candidates. A common piece's bits test each candidate in one step;
      // a rarer one's list narrows them further while many are left; the test decides for each.
      candidates = lists[0]!.slots.subarray(0, lists[0]!.length);
      for (const list of lists.slice(1)) {
        if (list.bits) bitLists.push(list.bits);
        else if (candidates.length > FEW_CANDIDATES) candidates = intersect(candidates, list);
      }
    } else {
      candidates = this.orders.featured.slots.subarray(0, this.orders.featured.length).slice().sort();
    }
    const found = new Int32Array(candidates.length);
    let n = 0;
    for (const slot of candidates) if (inEvery(bitLists, slot) && base(slot)) found[n++] = slot;
    return found.subarray(0, n);
  }

  /** The category and availability filters and the search (each of its words in the names). */
  private baseTest(filters: ProductFilters): (slot: number) => boolean {
    const categories =
      filters.categoryIds === undefined
        ? null
        : new Set(filters.categoryIds.map((id) => this.categoryNumbers.get(id) ?? -2));
    const stock = filters.availability === 'all' ? -1 : filters.availability === 'inStock' ? 1 : 0;
    const words = filters.search ? searchWords(filters.search) : [];
    return (slot) =>
      (categories === null || categories.has(this.category[slot]!)) &&
      (stock === -1 || this.inStock[slot] === stock) &&
      (words.length === 0 || words.every((word) => this.texts[slot]!.includes(word)));
  }

  private priceTest(filters: ProductFilters): (slot: number) => boolean {
    const low = filters.minPricePiastres ?? -Infinity;
    const high = filters.maxPricePiastres ?? Infinity;
    return (slot) => this.price[slot]! >= low && this.price[slot]! <= high;
  }

  /** A product with an in-stock variant of a chosen size and of a chosen colour (each when chosen). */
  private optionTest(filters: ProductFilters): (slot: number) => boolean {
    const sizes = filters.sizes?.length ? filters.sizes : null;
    const colors = filters.colors?.length ? filters.colors : null;
    if (!sizes && !colors) return () => true;
    const holding = this.pairs.map(
      (pair) =>
        (!sizes || pair.sizes.some((value) => sizes.includes(value))) &&
        (!colors || pair.colors.some((value) => colors.includes(value))),
    );
    return (slot) => holding[this.pair[slot]!]!;
  }

  /** Two slots' ids in PostgreSQL's order of UUIDs (byte by byte). */
  private compareIds(a: number, b: number): number {
    for (let word = 0; word < 4; word++) {
      const x = this.idWords[a * 4 + word]!;
      const y = this.idWords[b * 4 + word]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  /** The slot holding `id`, if any: a binary search of the slots by id. */
  private slotOf(id: string): number | undefined {
    const probe = new Uint32Array(4);
    writeId(id, probe, 0);
    let low = 0;
    let high = this.byId.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = this.byId.slots[middle]!;
      let order = 0;
      for (let word = 0; word < 4 && order === 0; word++) {
        const x = this.idWords[slot * 4 + word]!;
        const y = probe[word]!;
        if (x !== y) order = x < y ? -1 : 1;
      }
      if (order === 0) return slot;
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }

  private idOf(slot: number): string {
    const hex = (word: number) =>
      BYTE_HEX[word >>> 24]! +
      BYTE_HEX[(word >>> 16) & 255]! +
      BYTE_HEX[(word >>> 8) & 255]! +
      BYTE_HEX[word & 255]!;
    const [a, b, c, d] = [0, 1, 2, 3].map((word) => hex(this.idWords[slot * 4 + word]!)) as [
      string,
      string,
      string,
      string,
    ];
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }

  private numberOfCategory(id: string): number {
    let number = this.categoryNumbers.get(id);
    if (number === undefined) this.categoryNumbers.set(id, (number = this.categoryNumbers.size));
    return number;
  }

  private numberOfPair(sizes: string[], colors: string[]): number {
    const key = pairKey(sizes, colors);
    let number = this.pairNumbers.get(key);
    if (number === undefined) {
      number = this.pairs.length;
      this.pairs.push({ sizes, colors });
      this.pairNumbers.set(key, number);
    }
    return number;
  }

  /**
   * Twice the room for every column. Slots are never reused, so a catalogue edited for long grows
   * past its products: the keeper builds a new index from time to time (`listing-index-keeper.ts`).
   */
  private grow(): void {
    const capacity = this.capacity * 2;
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(
      column: T,
      make: (n: number) => T,
    ): T => {
      const wider = make(capacity);
      wider.set(column);
      return wider;
    };
    this.category = widen(this.category, (n) => new Int32Array(n));
    this.inStock = widen(this.inStock, (n) => new Uint8Array(n));
    this.score = widen(this.score, (n) => new Float64Array(n));
    this.created = widen(this.created, (n) => new Float64Array(n));
    this.price = widen(this.price, (n) => new Float64Array(n));
    this.discount = widen(this.discount, (n) => new Float64Array(n));
    this.pair = widen(this.pair, (n) => new Int32Array(n));
    const idWords = new Uint32Array(capacity * 4);
    idWords.set(this.idWords);
    this.idWords = idWords;
    this.capacity = capacity;
    for (const list of this.postings.values()) if (list.bits) list.keepBits(capacity);
  }
}
