package phrase

import (
	"bytes"
	"hash/maphash"
)

// table counts words and pairs in one vocabulary, in the order word2phrase
// adds them, which is what its pruning and its final cut depend on: the
// keys one after another in one slice, a count per entry, and an open
// addressing index of the entries. word2phrase's own hash decides nothing
// but where an entry sits in its table, so the index uses another, and
// keeps the upper half of each key's hash beside its entry so that a probe
// reads the key of another entry only when the halves agree.
type table struct {
	keys   []byte   // every entry's key, in order
	spans  []uint64 // entry i's key: offset<<6 | length (a key has at most maxKey < 64 bytes)
	counts []int64
	slots  []uint64 // hash>>32<<32 | entry+1, or 0 for an empty slot; a power of two long
	seed   maphash.Seed
}

func newTable() *table {
	return &table{slots: make([]uint64, 1<<10), seed: maphash.MakeSeed()}
}

func (t *table) len() int { return len(t.counts) }

func (t *table) key(i int) []byte {
	s := t.spans[i]
	off := s >> 6
	return t.keys[off : off+s&63]
}

// find returns the slot of key, the one that holds it or the empty one
// where it would go, and the tag of key a slot holds beside the entry.
func (t *table) find(key []byte) (slot int, tag uint64) {
	mask := uint64(len(t.slots) - 1)
	h := maphash.Bytes(t.seed, key)
	tag = h &^ (1<<32 - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 || s&^(1<<32-1) == tag && bytes.Equal(t.key(entry(s)), key) {
			return int(i), tag
		}
	}
}

// entry is the entry a non-empty slot holds.
func entry(slot uint64) int { return int(uint32(slot)) - 1 }

// lookup returns the entry of key, or -1.
func (t *table) lookup(key []byte) int {
	i, _ := t.find(key)
	return entry(t.slots[i])
}

// count adds one to key's count, adding the key with a count of one if it
// is new.
func (t *table) count(key []byte) {
	i, tag := t.find(key)
	if s := t.slots[i]; s != 0 {
		t.counts[entry(s)]++
		return
	}
	t.add(key, 1)
	t.slots[i] = tag | uint64(len(t.counts))
	if 4*len(t.counts) > 3*len(t.slots) {
		t.rehash(2 * len(t.slots))
	}
}

// index puts entry e in the index.
func (t *table) index(e int) {
	i, tag := t.find(t.key(e))
	t.slots[i] = tag | uint64(e+1)
}

// add appends an entry without indexing it.
func (t *table) add(key []byte, n int64) {
	t.spans = append(t.spans, uint64(len(t.keys))<<6|uint64(len(key)))
	t.keys = append(t.keys, key...)
	t.counts = append(t.counts, n)
}

// rehash rebuilds the index in size slots.
func (t *table) rehash(size int) {
	t.slots = make([]uint64, size)
	for e := range t.counts {
		t.index(e)
	}
}

// slotsFor is the number of slots that holds n entries under the load
// count keeps.
func slotsFor(n int) int {
	size := 1 << 10
	for 4*n > 3*size {
		size *= 2
	}
	return size
}

// reduce is word2phrase's ReduceVocab: only the entries seen more than
// atMost times stay, in their order.
func (t *table) reduce(atMost int64) {
	kept := 0
	var end uint64
	for i, n := range t.counts {
		if n <= atMost {
			continue
		}
		k := t.key(i)
		copy(t.keys[end:], k)
		t.spans[kept] = end<<6 | uint64(len(k))
		t.counts[kept] = n
		end += uint64(len(k))
		kept++
	}
	t.keys, t.spans, t.counts = t.keys[:end], t.spans[:kept], t.counts[:kept]
	t.rehash(slotsFor(kept))
}

// cut is word2phrase's SortVocab: it sorts the entries but the first by
// count, most frequent first, as glibc's qsort does (a stable merge sort,
// with word2phrase's comparison of the counts' difference as a C int), and
// keeps those seen at least minCount times, in a loop that shortens the
// table from its end for every entry it drops: when no entry but the first
// falls short, the last entry is lost too, and an entry kept past a dropped
// one is not reached. Only the entries kept can be looked up afterwards.
func (t *table) cut(minCount int64) {
	n := len(t.counts)
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	if n > 1 {
		mergeSort(order[1:], make([]int32, n-1), func(a, b int32) bool {
			return int32(t.counts[b]-t.counts[a]) <= 0 // VocabCompare(a, b) <= 0: a goes first
		})
	}
	size := n
	kept := order[:0]
	for a := 0; a < size; a++ {
		if e := order[a]; t.counts[e] < minCount {
			size--
		} else {
			kept = append(kept, e)
		}
	}
	t.slots = make([]uint64, slotsFor(len(kept)))
	for _, e := range kept {
		t.index(int(e))
	}
}

// mergeSort sorts s as glibc's msort_with_tmp does: halves of n/2 and the
// rest, merged taking from the first half while first(a, b), using tmp (as
// long as s) as its buffer.
func mergeSort(s, tmp []int32, first func(a, b int32) bool) {
	n := len(s)
	if n <= 1 {
		return
	}
	n1 := n / 2
	b1, b2 := s[:n1], s[n1:]
	mergeSort(b1, tmp, first)
	mergeSort(b2, tmp, first)
	out := tmp[:0]
	for len(b1) > 0 && len(b2) > 0 {
		if first(b1[0], b2[0]) {
			out = append(out, b1[0])
			b1 = b1[1:]
		} else {
			out = append(out, b2[0])
			b2 = b2[1:]
		}
	}
	out = append(out, b1...)
	copy(s, out) // what is left of the second half is in place already
}
