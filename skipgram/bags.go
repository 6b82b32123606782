package skipgram

import (
	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	"github.com/wipsvec/wipsvec/skipgram/kernel"
)

// A one-view model with subwords in batch windows or CBOW trains every
// word of the window as its bag of rows: the word's row and its n-grams'
// rows, whose mean is the word's vector. The window's words are composed
// into buffers (bags), the model's own batch or CBOW kernel trains the
// buffers as it trains rows, and every row of each bag moves by its
// buffer's change, the whole of it, as composedPair moves a pair's rows
// and fastText moves an input's. The vectors written, the composed ones,
// are what was scored.
//
// A word is in about 2*window windows of its sentence, and the frequent
// words are drawn as noise again and again: a worker keeps the bags of a
// sentence's words in a cache (bagCache) from the first window that
// scores one to the sentence's end, so that a bag is composed once and its
// rows move once, not once a window. Another thread sees the rows as they
// were until then, as it sees a replica's (docs/subwords.md).

// bags are composed vectors of a window's words, each buffer as it is
// trained and as it was composed: those of the words the cache has no
// slot for (bagCache.extra).
type bags struct {
	now, was [][]float32
	words    []int32
}

func newBags(a *hogwild.Scratch, dim, n int) bags {
	b := bags{now: a.Rows(n), was: a.Rows(n), words: a.Int32s(n)[:0]}
	for i := range n {
		b.now[i], b.was[i] = a.Float32s(dim), a.Float32s(dim)
	}
	return b
}

// add composes word w into the next bag and returns its buffer.
func (b *bags) add(s *step, w int32) []float32 {
	i := len(b.words)
	b.words = append(b.words, w)
	s.Compose(b.now[i], w)
	copy(b.was[i], b.now[i])
	return b.now[i]
}

// step moves every row of each bag by its buffer's change, and empties
// the bags.
func (b *bags) step(s *step) {
	for i, w := range b.words {
		kernel.Axpy(b.now[i], b.was[i], -1)
		s.AddRows(w, b.now[i])
	}
	b.words = b.words[:0]
}

// bagCache is a worker's bags of the words its windows score, in slots
// picked by word id, from the first window of a sentence that scores a
// word to the sentence's end (or until another word takes its slot).
type bagCache struct {
	slots  []bagSlot
	used   []int32 // the slots holding a bag
	extra  bags    // this window's words whose slot another of its words holds
	window int64   // windows trained, to tell this window's slots
}

type bagSlot struct {
	id       int32 // -1: empty
	window   int64 // the last window that scored it
	now, was []float32
}

// bagSlots is how many bags a worker's cache holds: the words of a window
// and the most frequent noise words, in L2 at K = 100 (256 x 2 x 400 bytes).
const bagSlots = 256

func newBagCache(a *hogwild.Scratch, dim, window, targets int) bagCache {
	c := bagCache{slots: make([]bagSlot, bagSlots), used: make([]int32, 0, bagSlots), extra: newBags(a, dim, 2*window+targets)}
	for i := range c.slots {
		c.slots[i] = bagSlot{id: -1, now: a.Float32s(dim), was: a.Float32s(dim)}
	}
	return c
}

// get returns word id's bag for this window.
func (c *bagCache) get(s *step, id int32) []float32 {
	i := int(id) & (bagSlots - 1)
	sl := &c.slots[i]
	switch {
	case sl.id == id:
		sl.window = c.window
		return sl.now
	case sl.id >= 0 && sl.window == c.window:
		return c.extra.add(s, id)
	case sl.id >= 0:
		sl.release(s)
	default:
		c.used = append(c.used, int32(i))
	}
	sl.id, sl.window = id, c.window
	s.Compose(sl.now, id)
	copy(sl.was, sl.now)
	return sl.now
}

// targets appends to outs the bags of a window's targets, the centre word
// and its noise words (Step.WindowTargets), and to pos whether each is a
// positive.
func (c *bagCache) targets(s *step, center int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	for j, t := range s.WindowTargets(center) {
		outs, pos = append(outs, c.get(s, t)), append(pos, j == 0)
	}
	return outs, pos
}

// release moves the rows of the slot's word by its bag's change.
func (sl *bagSlot) release(s *step) {
	kernel.Axpy(sl.now, sl.was, -1)
	s.AddRows(sl.id, sl.now)
}

// done ends a window: the rows of the bags of its words that had no slot
// move now, and at the sentence's end every bag's. Within the sentence it
// fetches the rows of the words the next window brings in that have no
// bag yet (the context it adds, the noise words drawn for it), which the
// next window would otherwise wait for one after another.
func (c *bagCache) done(s *step) {
	c.extra.step(s)
	c.window++
	if s.Look.More {
		c.fetch(s, s.Look.NextRows[1])
		if s.Look.Reuse == s.Look.Share-1 { // a fresh draw
			for _, n := range s.Look.Next {
				c.fetch(s, n)
			}
		}
		return
	}
	for _, i := range c.used {
		c.slots[i].release(s)
		c.slots[i].id = -1
	}
	c.used = c.used[:0]
}

// bagWindow is a one-view model's batch window with subwords: the
// contexts' bags against the bags of the centre word and its noise words.
type bagWindow struct {
	*batchLinear
	cache bagCache
}

func newBagWindow(a *hogwild.Scratch, dim, window, targets int) *bagWindow {
	return &bagWindow{batchLinear: newBatchLinear(a, dim, window, targets), cache: newBagCache(a, dim, window, targets)}
}

func (k *bagWindow) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	ins := k.ins[:0]
	for _, c := range ctxs {
		ins = append(ins, k.cache.get(s, c))
	}
	outs, pos := k.cache.targets(s, center, k.outs[:0], k.pos[:0])
	loss = k.Train(&k.Form, s.Sig, outs, pos, ins, alpha)
	k.cache.done(s)
	return loss
}

// bagCBOW is a one-view model's CBOW with subwords: the mean of every row
// of every context (fastText's CBOW input) against the bags of the centre
// word and its noise words; each context row moves by the whole gradient.
type bagCBOW struct {
	*cbowKernel
	cache bagCache
}

func newBagCBOW(a *hogwild.Scratch, dim, window, targets int) *bagCBOW {
	return &bagCBOW{cbowKernel: newCBOW(a, dim, window, targets), cache: newBagCache(a, dim, window, targets)}
}

func (k *bagCBOW) window(s *step, center int32, ctxs []int32, alpha float32) (loss float32) {
	if len(ctxs) == 0 {
		return 0
	}
	h := subwordMean(s, k.mean[:len(k.Acc)], ctxs)
	outs, pos := k.cache.targets(s, center, k.outs[:0], k.pos[:0])
	loss = k.Score(&k.Form, s.Sig, h, outs, pos, alpha)
	if k.DW != nil {
		kernel.MulAdd(k.DW, h, k.Acc) // the weights' gradient, h * acc
	}
	for _, c := range ctxs {
		s.StepRows(&k.Form, c, k.Acc)
	}
	k.cache.done(s)
	return loss
}

// fetch prefetches the rows of word id for writing, unless it has a bag
// (or is none: -1).
func (c *bagCache) fetch(s *step, id int32) {
	if id < 0 || c.slots[int(id)&(bagSlots-1)].id == id {
		return
	}
	for _, r := range s.Bags.Of(id) {
		kernel.PrefetchW(s.In.At(r))
	}
}
