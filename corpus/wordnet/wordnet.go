// Package wordnet reads the noun hierarchy of WordNet 3.0 from its database
// files (data.noun for the synsets and their hypernym pointers, index.noun
// for the sense numbers in names such as mammal.n.01) and builds the
// transitive closure that graph embeddings are benchmarked on.
package wordnet

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Synset is a noun synset.
type Synset struct {
	Offset    int      // byte offset in data.noun, WordNet's id of the synset
	Lemmas    []string // its words, as written in data.noun
	Name      string   // lemma.n.NN as NLTK names it; set by ReadIndex
	Hypernyms []int32  // the synsets its hypernym (@) and instance hypernym (@i) pointers name, as indexes into Nouns.Synsets
}

// Nouns is the noun hierarchy.
type Nouns struct {
	Synsets  []Synset
	byOffset map[int]int32
}

// ReadData parses data.noun. Lines starting with a space are the licence
// header and are skipped; any other line must be a well-formed synset whose
// hypernym pointers name synsets of the file.
func ReadData(r io.Reader) (*Nouns, error) {
	n := &Nouns{byOffset: map[int]int32{}}
	var targets [][]int // hypernym offsets until every synset is known
	err := eachEntry(r, "data.noun", func(line string) error {
		s, hyper, err := parseSynset(line)
		if err != nil {
			return err
		}
		if _, dup := n.byOffset[s.Offset]; dup {
			return fmt.Errorf("synset %08d defined twice", s.Offset)
		}
		n.byOffset[s.Offset] = int32(len(n.Synsets))
		n.Synsets = append(n.Synsets, s)
		targets = append(targets, hyper)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(n.Synsets) == 0 {
		return nil, errors.New("data.noun: no synsets")
	}
	for i, offs := range targets {
		for _, o := range offs {
			j, ok := n.byOffset[o]
			if !ok {
				return nil, fmt.Errorf("data.noun: synset %08d points to hypernym %08d, which is not in the file", n.Synsets[i].Offset, o)
			}
			n.Synsets[i].Hypernyms = append(n.Synsets[i].Hypernyms, j)
		}
	}
	return n, nil
}

// eachEntry calls fn with every line of the WordNet database file name
// that is an entry: not blank and not one of the licence lines, which start
// with a space. It stops at fn's first error, naming the file and line.
func eachEntry(r io.Reader, name string, fn func(line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := sc.Text()
		if line == "" || line[0] == ' ' {
			continue
		}
		if err := fn(line); err != nil {
			return fmt.Errorf("%s line %d: %w", name, lineNo, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// parseSynset parses one line of data.noun:
//
//	offset lex_filenum ss_type w_cnt (word lex_id){w_cnt} p_cnt (symbol offset pos source/target){p_cnt} | gloss
//
// w_cnt is two hex digits, p_cnt three decimal ones.
func parseSynset(line string) (Synset, []int, error) {
	if i := strings.Index(line, " | "); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	if len(f) < 4 {
		return Synset{}, nil, fmt.Errorf("%d fields before the gloss; not a synset line", len(f))
	}
	off, err := strconv.Atoi(f[0])
	if err != nil || off < 0 {
		return Synset{}, nil, fmt.Errorf("synset offset %q is not a number", f[0])
	}
	if f[2] != "n" {
		return Synset{}, nil, fmt.Errorf("synset %s has type %q, want n (is this data.noun?)", f[0], f[2])
	}
	wc, err := strconv.ParseUint(f[3], 16, 8)
	if err != nil || wc == 0 {
		return Synset{}, nil, fmt.Errorf("synset %s: word count %q is not a positive hex number", f[0], f[3])
	}
	s := Synset{Offset: off}
	i := 4
	if len(f) < i+2*int(wc)+1 {
		return Synset{}, nil, fmt.Errorf("synset %s: %d words announced, line too short", f[0], wc)
	}
	for range wc {
		s.Lemmas = append(s.Lemmas, f[i])
		i += 2
	}
	pc, err := strconv.Atoi(f[i])
	if err != nil || pc < 0 {
		return Synset{}, nil, fmt.Errorf("synset %s: pointer count %q is not a number", f[0], f[i])
	}
	i++
	if len(f) < i+4*pc {
		return Synset{}, nil, fmt.Errorf("synset %s: %d pointers announced, line too short", f[0], pc)
	}
	var hyper []int
	for range pc {
		sym, target, pos := f[i], f[i+1], f[i+2]
		i += 4
		if (sym != "@" && sym != "@i") || pos != "n" {
			continue
		}
		o, err := strconv.Atoi(target)
		if err != nil || o < 0 {
			return Synset{}, nil, fmt.Errorf("synset %s: pointer target %q is not a number", f[0], target)
		}
		hyper = append(hyper, o)
	}
	return s, hyper, nil
}

// ReadIndex names the synsets from index.noun as NLTK does: the first
// lemma, lower-cased, "n", and the synset's position (from 01) among that
// lemma's senses, as in mammal.n.01. A synset the index does not name keeps
// the name lemma.n.offset and is counted in the returned number.
func (n *Nouns) ReadIndex(r io.Reader) (unnamed int, err error) {
	err = eachEntry(r, "index.noun", func(line string) error {
		f := strings.Fields(line)
		// lemma pos synset_cnt p_cnt symbol{p_cnt} sense_cnt tagsense_cnt offset{synset_cnt}
		if len(f) < 4 {
			return fmt.Errorf("%d fields; not an index line", len(f))
		}
		sc, err1 := strconv.Atoi(f[2])
		pc, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || sc < 0 || pc < 0 || len(f) != 4+pc+2+sc {
			return errors.New("counts do not match the fields")
		}
		lemma := f[0]
		for k, o := range f[4+pc+2:] {
			off, err := strconv.Atoi(o)
			if err != nil {
				return fmt.Errorf("offset %q is not a number", o)
			}
			j, ok := n.byOffset[off]
			if !ok {
				return fmt.Errorf("synset %s is not in data.noun", o)
			}
			if s := &n.Synsets[j]; strings.ToLower(s.Lemmas[0]) == lemma {
				s.Name = fmt.Sprintf("%s.n.%02d", lemma, k+1)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for i := range n.Synsets {
		if s := &n.Synsets[i]; s.Name == "" {
			s.Name = fmt.Sprintf("%s.n.%08d", strings.ToLower(s.Lemmas[0]), s.Offset)
			unnamed++
		}
	}
	return unnamed, nil
}

// Find returns the index of the synset named name, or -1.
func (n *Nouns) Find(name string) int32 {
	for i, s := range n.Synsets {
		if s.Name == name {
			return int32(i)
		}
	}
	return -1
}

// Closure returns, for every synset, all its ancestors through hypernym and
// instance-hypernym pointers, sorted; itself excluded. It fails on a cycle.
func (n *Nouns) Closure() ([][]int32, error) {
	anc := make([][]int32, len(n.Synsets))
	state := make([]byte, len(n.Synsets)) // 0 new, 1 in progress, 2 done
	var visit func(i int32) error
	visit = func(i int32) error {
		switch state[i] {
		case 2:
			return nil
		case 1:
			return fmt.Errorf("hypernym cycle through synset %s", n.Synsets[i].Name)
		}
		state[i] = 1
		var a []int32
		for _, h := range n.Synsets[i].Hypernyms {
			if err := visit(h); err != nil {
				return err
			}
			a = append(a, h)
			a = append(a, anc[h]...)
		}
		slices.Sort(a)
		anc[i] = slices.Compact(a)
		state[i] = 2
		return nil
	}
	for i := range n.Synsets {
		if err := visit(int32(i)); err != nil {
			return nil, err
		}
	}
	return anc, nil
}

// Edge is a closure edge: Hypo is a kind (or an instance) of Hyper.
type Edge struct{ Hypo, Hyper int32 }

// Edges lists the closure's edges (u, a) for every synset u and ancestor a,
// restricted to the subtree under root (root and its descendants, the
// edges among them) when root >= 0. The order is by synset name, then by
// ancestor name.
func (n *Nouns) Edges(anc [][]int32, root int32) []Edge {
	in := func(i int32) bool {
		if root < 0 || i == root {
			return true
		}
		_, ok := slices.BinarySearch(anc[i], root)
		return ok
	}
	var out []Edge
	for u := range anc {
		if !in(int32(u)) {
			continue
		}
		for _, a := range anc[u] {
			if in(a) {
				out = append(out, Edge{int32(u), a})
			}
		}
	}
	slices.SortFunc(out, func(x, y Edge) int {
		if c := strings.Compare(n.Synsets[x.Hypo].Name, n.Synsets[y.Hypo].Name); c != 0 {
			return c
		}
		return strings.Compare(n.Synsets[x.Hyper].Name, n.Synsets[y.Hyper].Name)
	})
	return out
}

// WriteTSV writes edges as "hyponym<TAB>hypernym" lines of synset names,
// the edge list train -graph reads.
func (n *Nouns) WriteTSV(w io.Writer, edges []Edge) error {
	bw := bufio.NewWriter(w)
	for _, e := range edges {
		bw.WriteString(n.Synsets[e.Hypo].Name)
		bw.WriteByte('\t')
		bw.WriteString(n.Synsets[e.Hyper].Name)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// Nodes counts the distinct synsets of edges.
func Nodes(edges []Edge) int {
	seen := map[int32]bool{}
	for _, e := range edges {
		seen[e.Hypo], seen[e.Hyper] = true, true
	}
	return len(seen)
}

// Load reads data.noun and index.noun from a WordNet dictionary directory
// (Debian's wordnet-base installs it as /usr/share/wordnet).
func Load(dir string) (*Nouns, error) {
	data, err := os.Open(filepath.Join(dir, "data.noun"))
	if err != nil {
		return nil, err
	}
	defer data.Close()
	n, err := ReadData(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	idx, err := os.Open(filepath.Join(dir, "index.noun"))
	if err != nil {
		return nil, err
	}
	defer idx.Close()
	if _, err := n.ReadIndex(idx); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return n, nil
}
