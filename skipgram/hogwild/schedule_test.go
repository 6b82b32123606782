package hogwild

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wipsvec/wipsvec/vocab"
)

// sentences is a stream of at least tokens ids in sentences of 5 to 24
// words, each ended by vocab.SentenceEnd, drawn from seed.
func sentences(tokens int, seed uint64) []int32 {
	r := rand.New(rand.NewPCG(seed, 1))
	var stream []int32
	for len(stream) < tokens {
		for range 5 + r.IntN(20) {
			stream = append(stream, int32(r.IntN(200)))
		}
		stream = append(stream, vocab.SentenceEnd)
	}
	return stream
}

// chunk cuts a stream into pieces of n tokens, ignoring sentence ends.
func chunk(stream []int32, n int) [][]int32 { return slices.Collect(slices.Chunk(stream, n)) }

func TestSplitBlocksKeepsSentencesWhole(t *testing.T) {
	stream := sentences(5000, 3)
	for _, chunkLen := range []int{len(stream), 1000, 7, 1} {
		chunks := chunk(stream, chunkLen)
		for _, size := range []int{1, 10, 100, 1000, len(stream) + 1} {
			blocks := SplitBlocks(chunks, size)
			var joined []int32
			for i, b := range blocks {
				var flat []int32
				for _, piece := range b.Pieces {
					flat = append(flat, piece...)
				}
				joined = append(joined, flat...)
				if i < len(blocks)-1 && (len(flat) < size || flat[len(flat)-1] != vocab.SentenceEnd) {
					t.Fatalf("chunks of %d, size %d: block %d of %d tokens ends mid-sentence or short", chunkLen, size, i, len(flat))
				}
				var words int64
				for _, id := range flat {
					if id != vocab.SentenceEnd {
						words++
					}
				}
				if words != b.Words {
					t.Fatalf("chunks of %d, size %d: block %d counts %d words, holds %d", chunkLen, size, i, b.Words, words)
				}
			}
			if !slices.Equal(joined, stream) {
				t.Fatalf("chunks of %d, size %d: blocks do not cover the stream", chunkLen, size)
			}
		}
	}
}

// TestScheduleDealsEveryBlockOncePerEpoch checks the claim order: every
// block once per epoch, epochs in order, lanes interleaved, and the plain
// corpus order for one thread.
func TestScheduleDealsEveryBlockOncePerEpoch(t *testing.T) {
	for _, tc := range []struct{ blocks, lanes, iter int }{
		{0, 2, 3}, {1, 1, 3}, {7, 1, 2}, {7, 2, 2}, {7, 3, 3}, {10, 2, 1}, {2, 9, 2}, {100, 7, 2},
	} {
		s := NewSchedule(tc.blocks, tc.lanes, tc.iter)
		seen := make([]int, tc.blocks)
		var order []int
		last := 0
		for {
			e, b, ok := s.Claim()
			if !ok {
				break
			}
			if e < last || e >= tc.iter {
				t.Fatalf("%+v: epoch %d after %d", tc, e, last)
			}
			last = e
			if seen[b] != e {
				t.Fatalf("%+v: block %d dealt %d times before epoch %d", tc, b, seen[b], e)
			}
			seen[b]++
			if e == 0 {
				order = append(order, b)
			}
		}
		for b, n := range seen {
			if n != tc.iter {
				t.Fatalf("%+v: block %d dealt %d times", tc, b, n)
			}
		}
		if tc.lanes == 1 {
			for i, b := range order {
				if b != i {
					t.Fatalf("%+v: one lane deals %v, want corpus order", tc, order)
				}
			}
		}
		if tc.lanes == 2 && tc.blocks == 10 && !slices.Equal(order, []int{0, 5, 1, 6, 2, 7, 3, 8, 4, 9}) {
			t.Fatalf("two lanes over 10 blocks deal %v", order)
		}
	}
}

// TestDealLanesEndsOnShortBlocks checks the lanes of several threads: in
// order they still cover the stream, sentence by sentence, each lane holds
// the text it held before its last block was cut, and the blocks the
// schedule deals last, those that end the run, are a few sentences long.
// One thread keeps the blocks it always had.
func TestDealLanesEndsOnShortBlocks(t *testing.T) {
	stream := sentences(10*BlockWords+12_345, 5)
	uniform := SplitBlocks(chunk(stream, 65_536), BlockWords)
	for _, lanes := range []int{1, 2, 3, 16} {
		for _, tail := range []int{0, 1, TailCut} {
			if lanes == 1 && tail > 0 {
				continue
			}
			dealt, starts := DealLanes(SplitBlocks(chunk(stream, 65_536), BlockWords), lanes, tail)
			var joined []int32
			for _, b := range dealt {
				var flat []int32
				for _, p := range b.Pieces {
					flat = append(flat, p...)
				}
				var words int64
				for _, id := range flat {
					if id != vocab.SentenceEnd {
						words++
					}
				}
				if words != b.Words {
					t.Fatalf("lanes %d, tail %d: a block counts %d words, holds %d", lanes, tail, b.Words, words)
				}
				if flat[len(flat)-1] != vocab.SentenceEnd {
					t.Fatalf("lanes %d, tail %d: a block ends mid-sentence", lanes, tail)
				}
				joined = append(joined, flat...)
			}
			if !slices.Equal(joined, stream) {
				t.Fatalf("lanes %d, tail %d: the lanes do not cover the stream in order", lanes, tail)
			}
			want := NewSchedule(len(uniform), lanes, 1)
			if len(starts) != len(want.starts) || starts[0] != 0 || starts[len(starts)-1] != len(dealt) {
				t.Fatalf("lanes %d, tail %d: lanes start at %v over %d blocks, want %d lanes", lanes, tail, starts, len(dealt), want.lanes)
			}
			for i := 1; i < len(starts); i++ {
				got, was := 0, 0
				for _, b := range dealt[starts[i-1]:starts[i]] {
					got += b.Tokens()
				}
				for _, b := range uniform[want.starts[i-1]:want.starts[i]] {
					was += b.Tokens()
				}
				if got != was {
					t.Fatalf("lanes %d, tail %d: lane %d holds %d tokens, %d before its tail was cut", lanes, tail, i-1, got, was)
				}
				if last := dealt[starts[i]-1].Tokens(); tail == TailCut && last > BlockWords>>(TailCut-1)+25 {
					t.Fatalf("lanes %d: lane %d ends on a block of %d tokens", lanes, i-1, last)
				}
			}
			if tail <= 1 && len(dealt) != len(uniform) {
				t.Fatalf("lanes %d, tail %d: %d blocks, want %d", lanes, tail, len(dealt), len(uniform))
			}
			// The run's last claims are the lanes' last blocks.
			claims := claimAll(LaneSchedule(starts, 2, tail))
			if len(claims) != 2*len(dealt) {
				t.Fatalf("lanes %d, tail %d: %d claims over two epochs of %d blocks", lanes, tail, len(claims), len(dealt))
			}
			for i, b := range slices.Sorted(slices.Values(claims[:len(dealt)])) {
				if b != i {
					t.Fatalf("lanes %d, tail %d: an epoch deals blocks %v", lanes, tail, claims[:len(dealt)])
				}
			}
			ends := claims[len(claims)-(len(starts)-1):]
			for _, b := range ends {
				if tail == TailCut && dealt[b].Tokens() > BlockWords>>(TailCut-1)+25 {
					t.Fatalf("lanes %d: the run ends on blocks %v, block %d of %d tokens", lanes, ends, b, dealt[b].Tokens())
				}
			}
		}
	}
}

// TestScheduleDealsUnevenLanes: a lane whose last block is one sentence
// cannot be cut and stays shorter than the next one; the schedule still
// deals every block once an epoch, each lane in order.
func TestScheduleDealsUnevenLanes(t *testing.T) {
	sentence := func(n int) []int32 { return append(make([]int32, n), vocab.SentenceEnd) }
	var many []int32
	for range 64 {
		many = append(many, sentence(3)...)
	}
	blocks := []Block{
		{Pieces: [][]int32{many}, Words: 192},
		{Pieces: [][]int32{sentence(100)}, Words: 100},
		{Pieces: [][]int32{many}, Words: 192},
		{Pieces: [][]int32{many}, Words: 192},
	}
	dealt, starts := DealLanes(blocks, 2, TailCut)
	if !slices.Equal(starts, []int{0, 2, 2 + 1 + TailCut}) {
		t.Fatalf("lanes start at %v over %d blocks", starts, len(dealt))
	}
	claims := claimAll(LaneSchedule(starts, 1, TailCut))
	if want := []int{0, 2, 1, 3, 4, 5, 6, 7, 8}; !slices.Equal(claims, want) {
		t.Fatalf("claims %v, want %v", claims, want)
	}
}

// claimAll drains a schedule and returns the blocks in the order dealt.
func claimAll(s *Schedule) []int {
	var claims []int
	for {
		_, b, ok := s.Claim()
		if !ok {
			return claims
		}
		claims = append(claims, b)
	}
}
