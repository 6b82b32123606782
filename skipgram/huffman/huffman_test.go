package huffman

import (
	"slices"
	"testing"
)

// TestHuffmanMatchesWord2vecC: the paths and codes of small vocabularies,
// as word2vec.c's CreateBinaryTree gives them (its vocab[w].point[d] and
// code[d], printed for these counts by the function compiled from
// word2vec.c), ties and a two-word vocabulary included.
func TestHuffmanMatchesWord2vecC(t *testing.T) {
	type node struct{ point, code int32 }
	for _, tc := range []struct {
		counts []int64
		want   [][]node
	}{
		{[]int64{50, 30, 30, 20, 9, 7, 7, 4, 2, 1, 1}, [][]node{
			{{9, 1}, {8, 1}},
			{{9, 0}, {7, 0}},
			{{9, 1}, {8, 0}, {6, 1}},
			{{9, 1}, {8, 0}, {6, 0}},
			{{9, 0}, {7, 1}, {5, 1}, {4, 1}},
			{{9, 0}, {7, 1}, {5, 0}, {3, 1}},
			{{9, 0}, {7, 1}, {5, 0}, {3, 0}},
			{{9, 0}, {7, 1}, {5, 1}, {4, 0}, {2, 1}},
			{{9, 0}, {7, 1}, {5, 1}, {4, 0}, {2, 0}, {1, 1}},
			{{9, 0}, {7, 1}, {5, 1}, {4, 0}, {2, 0}, {1, 0}, {0, 1}},
			{{9, 0}, {7, 1}, {5, 1}, {4, 0}, {2, 0}, {1, 0}, {0, 0}},
		}},
		{[]int64{5, 5, 5, 5, 5, 5}, [][]node{
			{{4, 0}, {2, 1}},
			{{4, 0}, {2, 0}},
			{{4, 1}, {3, 1}, {1, 1}},
			{{4, 1}, {3, 1}, {1, 0}},
			{{4, 1}, {3, 0}, {0, 1}},
			{{4, 1}, {3, 0}, {0, 0}},
		}},
		{[]int64{3, 1}, [][]node{{{0, 1}}, {{0, 0}}}},
		{[]int64{100, 1, 1, 1, 1, 1, 1, 1, 1}, [][]node{
			{{7, 1}},
			{{7, 0}, {6, 1}, {5, 1}, {3, 1}},
			{{7, 0}, {6, 1}, {5, 1}, {3, 0}},
			{{7, 0}, {6, 1}, {5, 0}, {2, 1}},
			{{7, 0}, {6, 1}, {5, 0}, {2, 0}},
			{{7, 0}, {6, 0}, {4, 1}, {1, 1}},
			{{7, 0}, {6, 0}, {4, 1}, {1, 0}},
			{{7, 0}, {6, 0}, {4, 0}, {0, 1}},
			{{7, 0}, {6, 0}, {4, 0}, {0, 0}},
		}},
	} {
		h := New(tc.counts)
		longest := 0
		for w, want := range tc.want {
			nodes, left := h.Path(int32(w))
			var got []node
			for d := range nodes {
				code := int32(1)
				if left[d] {
					code = 0
				}
				got = append(got, node{nodes[d], code})
			}
			if !slices.Equal(got, want) {
				t.Errorf("counts %v, word %d: path %v, word2vec.c's %v", tc.counts, w, got, want)
			}
			longest = max(longest, len(want))
		}
		if h.Longest != longest {
			t.Errorf("counts %v: longest path %d, want %d", tc.counts, h.Longest, longest)
		}
	}
}
