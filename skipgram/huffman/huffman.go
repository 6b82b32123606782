// Package huffman builds the Huffman tree of hierarchical softmax as
// word2vec.c builds it. Hierarchical softmax scores a word by the path
// from the root of the tree over the vocabulary to its leaf: at each inner
// node on the way, sigma(<in, node>) is the probability of going left. One
// output row per inner node, log2(V) of them per word on average, replaces
// the noise words of negative sampling.
package huffman

// Tree is the Huffman tree word2vec.c builds (CreateBinaryTree): for
// every word the inner nodes on its path, root first, and at each the
// branch taken. Both are flat, word w's path at [start[w], start[w+1]).
type Tree struct {
	start   []int32 // len(words)+1 offsets into nodes and left
	nodes   []int32 // inner node ids: 0 <= id < words-1
	left    []bool  // the branch to the word is code 0, the label word2vec.c gives 1 - code
	Longest int     // the longest path
}

// Path returns word w's inner nodes, root first, and whether the word lies
// under each one's 0 branch (the positive label).
func (h *Tree) Path(w int32) ([]int32, []bool) {
	lo, hi := h.start[w], h.start[w+1]
	return h.nodes[lo:hi], h.left[lo:hi]
}

// Row is inner node n's row in the matrix of the inner nodes' vectors:
// the nodes counted from the root, so that the rows every path writes, the
// top of the tree's, come first, where a trainer keeps its replicas of the
// most written rows.
func (h *Tree) Row(n int32) int32 { return int32(len(h.start)) - 3 - n }

// New builds word2vec.c's Huffman tree over counts, which must be
// in decreasing order (a vocabulary's are): the two smallest nodes merge
// until one is left, the leaves taken from the end of counts and the new
// nodes in the order they were made, a tie going to the new node; the
// second smallest is the 1 branch. Inner node i is the i-th made counted
// from the root, so the root is node words-2, numbered 0 .. words-2 as
// word2vec.c's point[] values. It needs two words or more.
func New(counts []int64) *Tree {
	n := len(counts)
	count := make([]int64, 2*n)
	copy(count, counts)
	for i := n; i < 2*n; i++ {
		count[i] = 1e15
	}
	parent := make([]int32, 2*n)
	one := make([]bool, 2*n)
	pos1, pos2 := n-1, n
	smallest := func() int {
		if pos1 >= 0 && count[pos1] < count[pos2] {
			pos1--
			return pos1 + 1
		}
		pos2++
		return pos2 - 1
	}
	for a := range n - 1 {
		min1 := smallest()
		min2 := smallest()
		count[n+a] = count[min1] + count[min2]
		parent[min1], parent[min2] = int32(n+a), int32(n+a)
		one[min2] = true
	}
	h := &Tree{start: make([]int32, n+1)}
	root := int32(2*n - 2)
	var rev []int32
	for w := range n {
		rev = rev[:0]
		for b := int32(w); b != root; b = parent[b] {
			rev = append(rev, b)
		}
		// rev runs leaf to root: the node above rev[i] is rev[i+1]'s
		// parent, and the branch taken there is rev[i]'s.
		for i := len(rev) - 1; i >= 0; i-- {
			h.nodes = append(h.nodes, parent[rev[i]]-int32(n))
			h.left = append(h.left, !one[rev[i]])
		}
		h.start[w+1] = int32(len(h.nodes))
		h.Longest = max(h.Longest, len(rev))
	}
	return h
}
