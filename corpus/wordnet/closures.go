package wordnet

import (
	"errors"
	"io"
	"path/filepath"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// ClosureFiles are the files WriteClosures writes: the closure of the
// whole noun hierarchy, and of its mammal subtree (every noun under
// mammal.n.01, with the closure edges among them).
var ClosureFiles = []string{"noun_closure.tsv", "mammal_closure.tsv"}

// Written is one file WriteClosures wrote: where, and its graph's size.
type Written struct {
	Path         string
	Nodes, Edges int
}

// WriteClosures writes n's transitive closures to dir, as ClosureFiles
// name them, each atomically, "hyponym<TAB>hypernym" a line.
func (n *Nouns) WriteClosures(dir string) ([]Written, error) {
	anc, err := n.Closure()
	if err != nil {
		return nil, err
	}
	mammal := n.Find("mammal.n.01")
	if mammal < 0 {
		return nil, errors.New("no synset mammal.n.01; is this WordNet 3.0?")
	}
	var wrote []Written
	for i, root := range []int32{-1, mammal} {
		edges := n.Edges(anc, root)
		path := filepath.Join(dir, ClosureFiles[i])
		if err := atomicfile.WriteFile(path, func(w io.Writer) error { return n.WriteTSV(w, edges) }); err != nil {
			return wrote, err
		}
		wrote = append(wrote, Written{Path: path, Nodes: Nodes(edges), Edges: len(edges)})
	}
	return wrote, nil
}
