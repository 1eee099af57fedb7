/**
 * Growable lists of ascending numbers, one per key, all in one `Uint8Array` (the arena), each number
 * stored as its difference from the one before in a varint (7 bits a byte, the high bit set on every
 * byte but the last): a list of ids close together takes about a byte an id, where a `Uint32Array`
 * took four. A list is a run of bytes there, moved to the end when it outgrows them (the old run left
 * as waste until the arena is packed). One array for all: a typed array of its own per list cost V8
 * about 420 bytes beyond its ids (measured on Node 20), more than the ids of most lists.
 */
export interface PostingArena {
  /** The list of `key` (made empty when new): a number for `append` and `view`. */
  listOf(key: number): number;
  /** The list of `key`, or `undefined` when there is none. */
  find(key: number): number | undefined;
  /** Adds `value` (not below the list's last) at the end of list `list`. */
  append(list: number, value: number): void;
  /** The list's values, decoded. */
  view(list: number): Uint32Array;
  /** The bytes appending one value to each list of `keys` would add to `bytes`, at most. */
  growth(keys: Uint32Array): number;
  /** Calls `each` with every key and its list's values, in the order the lists were made. */
  forEach(each: (key: number, values: Uint32Array) => void): void;
  /** Packs the lists with no empty byte between them. */
  trim(): void;
  /** Bytes taken: the arena, the key, place, size, count and last value of each list, the table of keys. */
  readonly bytes: number;
}

/** What a list costs beyond its bytes: its key, start, length, capacity, count and last value (its slots in the table of keys are counted apart). */
export const listCost = 24;
/** The most bytes one value takes. */
const widest = 5;
/** Bytes of a new list: room for its first value, however wide. */
const firstCapacity = widest;
/** Bytes of the arena, and lists, at the least once there is one. */
const minimumArena = 1024;
const minimumLists = 64;
/** Slots of the table of keys, at the least: a power of two, at most half of them used. */
const minimumTable = 128;

export function createPostingArena(): PostingArena {
  /** The lists made, and the key of each. */
  let count = 0;
  let keys = new Uint32Array(0);
  /** The table of keys: open addressing, in pairs (the key plus one, 0 for an empty slot; its list), the slot found by a multiplicative hash. */
  let table = new Int32Array(0);
  let shift = 32;
  let starts = new Uint32Array(0);
  let lengths = new Uint32Array(0);
  let capacities = new Uint32Array(0);
  let counts = new Uint32Array(0);
  let lasts = new Uint32Array(0);
  let arena = new Uint8Array(0);
  let top = 0;
  let waste = 0;

  /** A run of `size` bytes at the end of the arena: the arena packed when a third of it is waste, else grown half as large again. */
  function allocate(size: number): number {
    if (top + size > arena.length) {
      if (waste * 3 >= arena.length) pack(true, Math.ceil((top - waste) / 4) + size);
      else arena = copied(arena, Math.max(top + size, Math.ceil(arena.length * 1.5), minimumArena), top);
    }
    top += size;
    return top - size;
  }

  /** Every list moved to the start of a new arena with `room` bytes after them, in list order, each with its capacity (`keepCapacity`) or only its length. */
  function pack(keepCapacity: boolean, room: number) {
    const kept = (list: number) => (keepCapacity ? capacities[list]! : lengths[list]!);
    let size = 0;
    for (let list = 0; list < count; list += 1) size += kept(list);
    const packed = new Uint8Array(size + room);
    let at = 0;
    for (let list = 0; list < count; list += 1) {
      packed.set(arena.subarray(starts[list]!, starts[list]! + lengths[list]!), at);
      starts[list] = at;
      capacities[list] = kept(list);
      at += kept(list);
    }
    arena = packed;
    top = at;
    waste = 0;
  }

  /** The slot of `key` in the table, or of the empty slot where it goes. */
  function slotOf(key: number): number {
    const mask = table.length / 2 - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> shift;
    while (table[slot * 2] !== 0 && table[slot * 2] !== key + 1) slot = (slot + 1) & mask;
    return slot;
  }

  /** The table of keys made `slots` large, every key placed anew. */
  function rehash(slots: number) {
    table = new Int32Array(slots * 2);
    shift = 32 - Math.log2(slots);
    for (let list = 0; list < count; list += 1) {
      const slot = slotOf(keys[list]!);
      table[slot * 2] = keys[list]! + 1;
      table[slot * 2 + 1] = list;
    }
  }

  function find(key: number): number | undefined {
    if (count === 0) return undefined;
    const slot = slotOf(key);
    return table[slot * 2] === 0 ? undefined : table[slot * 2 + 1];
  }

  function listOf(key: number): number {
    const known = find(key);
    if (known !== undefined) return known;
    const list = count;
    if (list === starts.length) {
      const length = Math.max(minimumLists, list * 2);
      keys = copied(keys, length, list);
      starts = copied(starts, length, list);
      lengths = copied(lengths, length, list);
      capacities = copied(capacities, length, list);
      counts = copied(counts, length, list);
      lasts = copied(lasts, length, list);
    }
    count += 1;
    keys[list] = key;
    if (count * 2 > table.length / 2) rehash(Math.max(minimumTable, table.length));
    else {
      const slot = slotOf(key);
      table[slot * 2] = key + 1;
      table[slot * 2 + 1] = list;
    }
    starts[list] = allocate(firstCapacity);
    lengths[list] = 0;
    capacities[list] = firstCapacity;
    counts[list] = 0;
    lasts[list] = 0;
    return list;
  }

  function view(list: number): Uint32Array {
    const values = new Uint32Array(counts[list]!);
    let at = starts[list]!;
    let value = 0;
    for (let index = 0; index < values.length; index += 1) {
      let byte = arena[at++]!;
      let difference = byte & 127;
      for (let scale = 128; byte >= 128; scale *= 128) {
        byte = arena[at++]!;
        difference += (byte & 127) * scale;
      }
      value += difference;
      values[index] = value;
    }
    return values;
  }

  return {
    listOf,
    find,
    append(list, value) {
      let difference = value - lasts[list]!;
      const length = lengths[list]!;
      const size = widthOf(difference);
      if (length + size > capacities[list]!) {
        const capacity = grownLength(length);
        const start = allocate(capacity);
        arena.copyWithin(start, starts[list]!, starts[list]! + length);
        waste += capacities[list]!;
        starts[list] = start;
        capacities[list] = capacity;
      }
      let at = starts[list]! + length;
      for (; difference >= 128; difference = Math.floor(difference / 128)) arena[at++] = (difference & 127) | 128;
      arena[at] = difference;
      lengths[list] = length + size;
      counts[list]! += 1;
      lasts[list] = value;
    },
    view,
    growth(added) {
      let size = 0;
      let made = 0;
      for (const key of added) {
        const list = find(key);
        if (list === undefined) made += 1;
        else if (lengths[list]! + widest > capacities[list]!) size += grownLength(lengths[list]!);
      }
      size += made * firstCapacity;
      // Several growths may come in one `add`: each to at most half as large again as all it holds then.
      const arenaGrowth = top + size > arena.length ? Math.max(Math.ceil((top + size) * 1.5), minimumArena) - arena.length : 0;
      const listsGrowth = count + made > starts.length ? (Math.max(minimumLists, (count + made) * 2) - starts.length) * listCost : 0;
      // The table doubles each time it is half full (8 bytes a slot).
      let slots = Math.max(minimumTable, table.length / 2);
      while ((count + made) * 2 > slots) slots *= 2;
      return arenaGrowth + listsGrowth + (slots - table.length / 2) * 8;
    },
    forEach(each) {
      for (let list = 0; list < count; list += 1) each(keys[list]!, view(list));
    },
    trim: () => pack(false, 0),
    get bytes() {
      return arena.byteLength + starts.length * listCost + table.byteLength;
    },
  };
}

/** The bytes of a varint of `value`. */
function widthOf(value: number): number {
  let width = 1;
  for (; value >= 128; value = Math.floor(value / 128)) width += 1;
  return width;
}

/** A full list's next size: half as large again, with room for the widest value at the least. */
function grownLength(length: number): number {
  return length + Math.max(widest, length >>> 1);
}

/** A new array of `length` holding the first `used` values of `from`. */
function copied<T extends Uint8Array<ArrayBuffer> | Uint32Array<ArrayBuffer>>(from: T, length: number, used: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from.subarray(0, used));
  return to;
}
