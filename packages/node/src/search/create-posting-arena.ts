/**
 * Growable lists of numbers, one per key, all in one `Uint32Array` (the arena): a list is a run of
 * slots there, moved to the end when it outgrows them (the old run left as waste until the arena is
 * packed). One typed array for all: a typed array of its own per list cost V8 about 420 bytes beyond its
 * ids (measured on Node 20), more than the ids of most lists.
 */
export interface PostingArena {
  /** The list of `key` (made empty when new): a number for `append` and `view`. */
  listOf(key: number): number;
  /** The list of `key`, or `undefined` when there is none. */
  find(key: number): number | undefined;
  /** Adds `value` at the end of list `list`. */
  append(list: number, value: number): void;
  /** The list's values, as a view of the arena (valid until the next `append`). */
  view(list: number): Uint32Array;
  /** The bytes appending one value to each list of `keys` would add to `bytes`, at most. */
  growth(keys: Uint32Array): number;
  /** Calls `each` with every key and its list's values, in the order the lists were made. */
  forEach(each: (key: number, values: Uint32Array) => void): void;
  /** Packs the lists with no empty slot between them. */
  trim(): void;
  /** Bytes taken: the arena, the place and size of each list, the map of keys (about). */
  readonly bytes: number;
}

/** What a list costs beyond its slots: its start, length and capacity, and its key's slot in the map (V8, about). */
export const listCost = 12 + 40;
/** Slots of a new list. */
const firstCapacity = 2;
/** Slots of the arena, and lists, at the least once there is one. */
const minimumArena = 256;
const minimumLists = 64;

export function createPostingArena(): PostingArena {
  const lists = new Map<number, number>();
  let starts = new Uint32Array(0);
  let lengths = new Uint32Array(0);
  let capacities = new Uint32Array(0);
  let arena = new Uint32Array(0);
  let top = 0;
  let waste = 0;

  /** A run of `slots` at the end of the arena: the arena packed when a third of it is waste, else grown half as large again. */
  function allocate(slots: number): number {
    if (top + slots > arena.length) {
      if (waste * 3 >= arena.length) pack(true, Math.ceil((top - waste) / 4) + slots);
      else arena = copied(arena, Math.max(top + slots, Math.ceil(arena.length * 1.5), minimumArena), top);
    }
    top += slots;
    return top - slots;
  }

  /** Every list moved to the start of a new arena with `room` slots after them, in list order, each with its capacity (`keepCapacity`) or only its length. */
  function pack(keepCapacity: boolean, room: number) {
    const kept = (list: number) => (keepCapacity ? capacities[list]! : lengths[list]!);
    let size = 0;
    for (let list = 0; list < lists.size; list += 1) size += kept(list);
    const packed = new Uint32Array(size + room);
    let at = 0;
    for (let list = 0; list < lists.size; list += 1) {
      packed.set(arena.subarray(starts[list]!, starts[list]! + lengths[list]!), at);
      starts[list] = at;
      capacities[list] = kept(list);
      at += kept(list);
    }
    arena = packed;
    top = at;
    waste = 0;
  }

  function listOf(key: number): number {
    const known = lists.get(key);
    if (known !== undefined) return known;
    const list = lists.size;
    if (list === starts.length) {
      const length = Math.max(minimumLists, list * 2);
      starts = copied(starts, length, list);
      lengths = copied(lengths, length, list);
      capacities = copied(capacities, length, list);
    }
    starts[list] = allocate(firstCapacity);
    lengths[list] = 0;
    capacities[list] = firstCapacity;
    lists.set(key, list);
    return list;
  }

  return {
    listOf,
    find: (key) => lists.get(key),
    append(list, value) {
      const length = lengths[list]!;
      if (length === capacities[list]) {
        const capacity = grownLength(length);
        const start = allocate(capacity);
        arena.copyWithin(start, starts[list]!, starts[list]! + length);
        waste += length;
        starts[list] = start;
        capacities[list] = capacity;
      }
      arena[starts[list]! + length] = value;
      lengths[list] = length + 1;
    },
    view: (list) => arena.subarray(starts[list]!, starts[list]! + lengths[list]!),
    growth(keys) {
      let slots = 0;
      let made = 0;
      for (const key of keys) {
        const list = lists.get(key);
        if (list === undefined) made += 1;
        else if (lengths[list] === capacities[list]) slots += grownLength(lengths[list]!);
      }
      slots += made * firstCapacity;
      // Several growths may come in one `add`: each to at most half as large again as all it holds then.
      const arenaGrowth = top + slots > arena.length ? Math.max(Math.ceil((top + slots) * 1.5), minimumArena) - arena.length : 0;
      const listsGrowth = lists.size + made > starts.length ? (Math.max(minimumLists, (lists.size + made) * 2) - starts.length) * 3 : 0;
      return (arenaGrowth + listsGrowth) * 4 + made * listCost;
    },
    forEach(each) {
      for (const [key, list] of lists) each(key, arena.subarray(starts[list]!, starts[list]! + lengths[list]!));
    },
    trim: () => pack(false, 0),
    get bytes() {
      return arena.byteLength + starts.byteLength * 3 + lists.size * listCost;
    },
  };
}

/** A full list's next length: half as long again (a quarter of the slots empty on average, where doubling leaves a third). */
function grownLength(length: number): number {
  return length + Math.max(2, length >>> 1);
}

/** A new array of `length` holding the first `used` values of `from`. */
function copied(from: Uint32Array, length: number, used: number): Uint32Array<ArrayBuffer> {
  const to = new Uint32Array(length);
  to.set(from.subarray(0, used));
  return to;
}
