package vocab

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

// wordTable is the Counter's table of words: it gives each distinct word a
// provisional id, in the order the words first come, and finds a word's id
// again. It is open addressing with linear probing, and a slot holds the
// word's first eight bytes and its length beside the id, so a word of up to
// eight bytes (most tokens of a text) is found or missed by reading one
// slot; a Go map reads its control word, the slot and the string's bytes,
// three places in memory. Longer words compare the rest with their bytes
// in words. docs/performance.md has the measurement.
//
// The table only grows; pruning (word2vec.c's ReduceVocab) takes words out
// by rebuilding it. A pruned word's bytes and id stay, as its counts entry
// does: the stream holds its id.
type wordTable struct {
	slots []slot
	shift uint // a hash's slot is h >> shift
	live  int  // slots in use

	words []byte   // every word added, end to end
	ends  []uint64 // word id is words[ends[id-1]:ends[id]] (from 0 for id 0)

	// gen counts the prunings: an id looked up in a table of another
	// generation may have been pruned since.
	gen int
}

// slot is one word of the table, or empty (meta 0).
type slot struct {
	head uint64 // the word's first eight bytes, little-endian, zeros after a shorter word
	meta uint32 // the hash's low 32 bits with the low byte set to min(length, 255)
	id   int32
}

// minTableBits sizes a new table: 2^16 slots (1 MiB), about the words of a
// few million tokens.
const minTableBits = 16

func newWordTable() *wordTable {
	return &wordTable{slots: make([]slot, 1<<minTableBits), shift: 64 - minTableBits}
}

// Len returns the number of ids handed out, pruned words' included.
func (t *wordTable) Len() int { return len(t.ends) }

// word returns the bytes of word id.
func (t *wordTable) word(id int32) []byte {
	var start uint64
	if id > 0 {
		start = t.ends[id-1]
	}
	return t.words[start:t.ends[id]]
}

// headOf returns the first eight bytes of tok, zeros after a shorter one.
// A short token in a larger buffer (its capacity beyond its end) is read
// in one load and masked.
func headOf(tok []byte) uint64 {
	n := len(tok)
	if n >= 8 {
		return binary.LittleEndian.Uint64(tok)
	}
	if cap(tok) >= 8 {
		return binary.LittleEndian.Uint64(tok[:8]) & (^uint64(0) >> (64 - 8*uint(n)))
	}
	var h uint64
	for i := n - 1; i >= 0; i-- {
		h = h<<8 | uint64(tok[i])
	}
	return h
}

// Mixing constants and step of wyhash (public domain): one 64x64-bit
// product folds a word's bytes into the hash.
const (
	mix0 = 0xa0761d6478bd642f
	mix1 = 0xe7037ed1a0b428db
)

func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// hashWord hashes tok, whose head is head. A word of up to eight bytes
// costs one product.
func hashWord(head uint64, tok []byte) uint64 {
	h := mum(head^mix0, uint64(len(tok))^mix1)
	for rest := tok[min(8, len(tok)):]; len(rest) > 0; {
		var x uint64
		if len(rest) >= 8 {
			x, rest = binary.LittleEndian.Uint64(rest), rest[8:]
		} else {
			x, rest = headOf(rest), nil
		}
		h = mum(h^x, mix1)
	}
	return h
}

func metaOf(h uint64, n int) uint32 {
	return uint32(h)&^0xff | uint32(min(n, 255))
}

// find returns the id of tok (len(tok) > 0), or missed.
func (t *wordTable) find(tok []byte) int32 {
	head := headOf(tok)
	h := hashWord(head, tok)
	meta := metaOf(h, len(tok))
	slots := t.slots
	mask := uint64(len(slots) - 1)
	for i := h >> t.shift; ; i++ {
		s := &slots[i&mask]
		if s.meta == meta && s.head == head && (len(tok) <= 8 || bytes.Equal(t.word(s.id)[8:], tok[8:])) {
			return s.id
		}
		if s.meta == 0 {
			return missed
		}
	}
}

// add gives tok (len(tok) > 0), which is not in the table, the next id
// and returns it.
func (t *wordTable) add(tok []byte) int32 {
	if t.live+1 > len(t.slots)/4*3 {
		t.rebuild(len(t.slots)*2, func(int32) bool { return true })
	}
	id := int32(len(t.ends))
	t.words = append(t.words, tok...)
	t.ends = append(t.ends, uint64(len(t.words)))
	t.put(tok, id)
	return id
}

// put places id, the id of tok, in its first free slot.
func (t *wordTable) put(tok []byte, id int32) {
	head := headOf(tok)
	h := hashWord(head, tok)
	mask := uint64(len(t.slots) - 1)
	i := h >> t.shift
	for t.slots[i&mask].meta != 0 {
		i++
	}
	t.slots[i&mask] = slot{head: head, meta: metaOf(h, len(tok)), id: id}
	t.live++
}

// rebuild makes the table n slots (a power of two) of the live words that
// keep reports true for. They go in in the order of their ids, the order
// the words first came, so that a text's frequent words, which come early,
// mostly sit in their first slot.
func (t *wordTable) rebuild(n int, keep func(id int32) bool) {
	live := make([]uint64, (len(t.ends)+63)/64)
	for _, s := range t.slots {
		if s.meta != 0 && keep(s.id) {
			live[s.id/64] |= 1 << (s.id % 64)
		}
	}
	t.slots = make([]slot, n)
	t.shift = uint(64 - bits.TrailingZeros(uint(n)))
	t.live = 0
	for i, w := range live {
		for ; w != 0; w &= w - 1 {
			id := int32(i*64 + bits.TrailingZeros64(w))
			t.put(t.word(id), id)
		}
	}
}

// snapshot returns a copy of t that later changes to t leave as it is, for
// lookups on other goroutines: the slots are copied, and the words, only
// ever appended to, are shared up to their present length.
func (t *wordTable) snapshot() *wordTable {
	s := *t
	s.slots = slices.Clone(t.slots)
	s.words = t.words[:len(t.words):len(t.words)]
	s.ends = t.ends[:len(t.ends):len(t.ends)]
	return &s
}

// each calls f with every live word's id.
func (t *wordTable) each(f func(id int32)) {
	for _, s := range t.slots {
		if s.meta != 0 {
			f(s.id)
		}
	}
}
