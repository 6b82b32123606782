package skipgram

import (
	"fmt"
	"math/bits"

	"github.com/wipsvec/wipsvec/skipgram/hogwild"
	hufftree "github.com/wipsvec/wipsvec/skipgram/huffman"
	"github.com/wipsvec/wipsvec/skipgram/window"
)

// hsLayer is word2vec.c's hierarchical softmax (Options.HS): a Huffman tree
// over the vocabulary (package huffman), each inner node with an output
// row of its own, and an input scored against the nodes on the predicted
// word's path, positive where the word lies under their 0 branch, by the
// logistic loss. Its rows are numbered from the root down, hottest first:
// every path passes the root.
type hsLayer struct{}

func (hsLayer) name() string         { return "tree" }
func (hsLayer) uses(o *Options) bool { return o.HS }
func (hsLayer) rows(words int) int   { return innerNodes(words) }
func (hsLayer) drawn() bool          { return false }

func (hsLayer) check(o *Options) error {
	if o.Model.Views() != 2 {
		return fmt.Errorf("-hs 1 needs output rows apart from the word vectors, which %s does not have: a Huffman tree's inner nodes are not words (use -model sg)", o.Model)
	}
	return nil
}

// tableBytes is the paths: an id and a branch per node, 4 bytes of offset a
// word; a Huffman code averages at most log2(words)+1 nodes.
func (hsLayer) tableBytes(words int) int64 {
	return int64(words) * (4 + 5*int64(bits.Len(uint(words))+1))
}

func (hsLayer) begin(_ *Options, counts []int64) outputRun { return hsRun{newHuffman(counts)} }

// innerNodes is how many inner nodes a Huffman tree over words leaves has:
// the rows of hierarchical softmax's layer.
func innerNodes(words int) int { return max(words-1, 0) }

// huffman is hierarchical softmax's tree: every word's path of inner nodes.
type huffman = hufftree.Tree

// newHuffman builds the tree over counts, a vocabulary's, in decreasing
// order.
func newHuffman(counts []int64) *huffman { return hufftree.New(counts) }

// hsRun is hierarchical softmax in a run: its tree.
type hsRun struct{ tree *huffman }

func (r hsRun) longest() int { return r.tree.Longest }

func (r hsRun) view(own hogwild.Rows) window.Output { return &hsOutput{tree: r.tree, rows: own} }

// hsOutput is a worker's hierarchical softmax: the rows of the nodes on
// the predicted word's path.
type hsOutput struct {
	tree *huffman
	rows hogwild.Rows
}

func (o *hsOutput) Targets(_ *step, word int32, _ []int32, outs [][]float32, pos []bool) ([][]float32, []bool) {
	nodes, left := o.tree.Path(word)
	for i, n := range nodes {
		outs, pos = append(outs, o.rows.At(o.tree.Row(n))), append(pos, left[i])
	}
	return outs, pos
}
