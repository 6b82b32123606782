package hogwild

import (
	"sync/atomic"

	"github.com/wipsvec/wipsvec/vocab"
)

// Block is a stretch of the corpus trained as one unit of work: whole
// sentences, as pieces of the stream's chunks.
type Block struct {
	Pieces [][]int32
	Words  int64 // tokens that are words, not sentence ends
}

// Tokens is the block's length, sentence ends included.
func (b *Block) Tokens() int {
	n := 0
	for _, p := range b.Pieces {
		n += len(p)
	}
	return n
}

// BlockWords is the length a block is cut at (the next sentence end after
// it). Workers claim blocks one at a time, so when one of them is slowed
// down (a shared machine, a cold cache) the others take over its share; the
// lanes' shorter last blocks (TailCut) keep the idle time at the end of the
// run to milliseconds.
// Large enough that the shared claim counter is touched a few times a
// second; small enough that a block lasts about a tenth of a second.
const BlockWords = 100_000

// TailCut is how many blocks the last block of every lane is cut into on
// several threads, each half of what is left of it. A run ends when its
// last worker finishes its last block, and with whole blocks of BlockWords
// the others stood idle for up to a block's time. The schedule deals the
// lanes' last blocks last, so the run ends on blocks of a few thousand
// tokens, milliseconds long (docs/scaling.md, "Blocks and lanes").
const TailCut = 6

// SplitBlocks cuts the stream into blocks of about size tokens that end at
// sentence ends, so that no sentence straddles two blocks (or two workers).
func SplitBlocks(chunks [][]int32, size int) []Block {
	var blocks []Block
	var cur Block
	n := 0 // tokens in cur
	for _, c := range chunks {
		lo := 0
		for i, id := range c {
			n++
			if id != vocab.SentenceEnd {
				cur.Words++
				continue
			}
			if n >= size {
				cur.Pieces = append(cur.Pieces, c[lo:i+1])
				blocks = append(blocks, cur)
				cur, n, lo = Block{}, 0, i+1
			}
		}
		if lo < len(c) {
			cur.Pieces = append(cur.Pieces, c[lo:])
		}
	}
	if n > 0 {
		blocks = append(blocks, cur)
	}
	return blocks
}

// DealLanes groups blocks into lanes contiguous runs of about equal length,
// one per thread (as word2vec.c splits its file), and cuts the last block of
// each lane into up to tail blocks at sentence ends, each half of what is
// left of it (TailCut says why). It returns the blocks in lane order and
// where each lane starts, with the end of the last one after it: lane i is
// blocks[starts[i]:starts[i+1]]. There are never more lanes than blocks.
func DealLanes(blocks []Block, lanes, tail int) (dealt []Block, starts []int) {
	lanes = max(1, min(lanes, len(blocks)))
	perLane := (len(blocks) + lanes - 1) / lanes
	starts = []int{0}
	for lo := 0; lo < len(blocks); lo += perLane {
		lane := blocks[lo:min(lo+perLane, len(blocks))]
		dealt = append(dealt, lane[:len(lane)-1]...)
		dealt = append(dealt, halve(lane[len(lane)-1], tail)...)
		starts = append(starts, len(dealt))
	}
	return dealt, starts
}

// halve cuts b into up to n blocks at sentence ends, the first half of b,
// the next half of the rest, and so on; fewer where b runs out of sentence
// ends.
func halve(b Block, n int) []Block {
	var out []Block
	for ; n > 1; n-- {
		parts := SplitBlocks(b.Pieces, (b.Tokens()+1)/2)
		if len(parts) < 2 {
			break
		}
		out = append(out, parts[0])
		rest := Block{}
		for _, p := range parts[1:] {
			rest.Pieces = append(rest.Pieces, p.Pieces...)
			rest.Words += p.Words
		}
		b = rest
	}
	return append(out, b)
}

// Schedule hands out the run's work, Iter passes over the blocks, one block
// at a time. Within an epoch the blocks are dealt from lanes, one contiguous
// region of the corpus per thread, as word2vec.c splits its file: threads
// working at the same time then read far-apart text, touch different rare
// words and fight less over the same rows. With one thread the order is
// simply the corpus order, epoch after epoch.
type Schedule struct {
	_       [64]byte
	next    atomic.Int64 // claims handed out so far
	_       [56]byte
	starts  []int // lane i deals blocks starts[i] to starts[i+1]-1
	blocks  int
	lanes   int
	perLane int // blocks in the longest lane: lanes x perLane >= blocks
	iter    int
	tail    int // how the lanes' last blocks were cut (DealLanes), for a snapshot
}

// NewSchedule deals blocks of equal length from lanes lanes of equal
// length.
func NewSchedule(blocks, lanes, iter int) *Schedule {
	lanes = max(1, min(lanes, blocks))
	perLane := (blocks + lanes - 1) / lanes
	starts := make([]int, lanes+1)
	for i := range starts {
		starts[i] = min(i*perLane, blocks)
	}
	return LaneSchedule(starts, iter, 0)
}

// LaneSchedule deals the blocks of the lanes DealLanes made; tail is what
// it cut their last blocks into.
func LaneSchedule(starts []int, iter, tail int) *Schedule {
	s := &Schedule{starts: starts, lanes: max(1, len(starts)-1), iter: iter, tail: tail}
	if len(starts) > 0 {
		s.blocks = starts[len(starts)-1]
	}
	for i := 1; i < len(starts); i++ {
		s.perLane = max(s.perLane, starts[i]-starts[i-1])
	}
	return s
}

// Claim returns the next block to train and its epoch, or ok false when the
// run's work is all handed out.
func (s *Schedule) Claim() (epoch, blk int, ok bool) {
	slots := s.lanes * s.perLane
	for slots > 0 {
		i := int(s.next.Add(1) - 1)
		if i >= s.iter*slots {
			return 0, 0, false
		}
		epoch, j := i/slots, i%slots
		// Slot j is position j/lanes of lane j%lanes; a lane may be short.
		lane := j % s.lanes
		if b := s.starts[lane] + j/s.lanes; b < s.starts[lane+1] {
			return epoch, b, true
		}
	}
	return 0, 0, false
}

// Claimed is how many claims the schedule has handed out.
func (s *Schedule) Claimed() int64 { return s.next.Load() }

// SetClaimed sets the claims handed out: a resumed run goes on from its
// snapshot's.
func (s *Schedule) SetClaimed(n int64) { s.next.Store(n) }

// Done reports whether claims claims hand out the whole run's work.
func (s *Schedule) Done(claims int64) bool { return claims >= int64(s.iter*s.lanes*s.perLane) }

// Shape is how the schedule cut its work: its lanes, its blocks and what
// the lanes' last blocks were cut into (DealLanes), which a snapshot
// records so that a resumed run cuts the same.
func (s *Schedule) Shape() (lanes, blocks, tail int) { return s.lanes, s.blocks, s.tail }
