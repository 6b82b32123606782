// Package graph reads edge lists: one edge per line, two node names and an
// optional weight, the input of graph embedding. Nodes get dense ids in the
// order they are first seen, so that an edge costs two int32s.
package graph

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/wipsvec/wipsvec/corpus"
)

// Edges is an edge list with its nodes named.
type Edges struct {
	Nodes   []string  // Nodes[id] is the name of node id, in order of first appearance
	Pairs   []int32   // two ids per edge: Pairs[2i] -> Pairs[2i+1], in file order
	Weights []float32 // one per edge, or nil when no line has a weight (all 1)

	// What the reader skipped, and counted, rather than failing on.
	SelfLoops int // lines "u u": nothing for a similarity to learn
	Comments  int // blank lines and lines starting with '#' or '%'
}

// Len is the number of edges.
func (e *Edges) Len() int { return len(e.Pairs) / 2 }

// Weight returns the weight of edge i (1 without weights).
func (e *Edges) Weight(i int) float32 {
	if e.Weights == nil {
		return 1
	}
	return e.Weights[i]
}

// Degrees counts the edges at each node, both ends counted.
func (e *Edges) Degrees() []int64 {
	d := make([]int64, len(e.Nodes))
	for _, id := range e.Pairs {
		d[id]++
	}
	return d
}

// Summary says in one line what was read and what was skipped.
func (e *Edges) Summary() string {
	w := "unweighted"
	if e.Weights != nil {
		w = "weighted"
	}
	return fmt.Sprintf("%d nodes, %d edges (%s); skipped %d self-loop lines and %d blank or comment lines",
		len(e.Nodes), e.Len(), w, e.SelfLoops, e.Comments)
}

// maxLine bounds a line, so that a binary file fed by mistake fails fast
// instead of filling memory.
const maxLine = 1 << 20

// Read parses an edge list. A line holds two node names separated by spaces
// or tabs, then optionally a weight, a finite positive number. Blank lines
// and lines starting with '#' or '%' (SNAP's and KONECT's comments) are
// skipped and counted, and so are self-loops, which some closures list. A
// line with one field or more than three, a weight that is not a positive
// number, a node name that is not valid UTF-8 (the vectors written for it
// would not load in strict readers), a mix of weighted and unweighted lines,
// and a list with no edge left are errors naming the line. The ids are dense: node i is the i-th
// name seen.
func Read(r io.Reader) (*Edges, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	p := &edgeParser{e: &Edges{}, index: make(map[string]int32), weighted: -1}
	var fields [4][]byte
	for lineNo := 1; ; lineNo++ {
		line, err := readLine(br)
		if err == io.EOF && line == nil {
			break
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		isEdge, perr := p.line(split(line, fields[:0]))
		if perr != nil {
			return nil, fmt.Errorf("line %d: %w", lineNo, perr)
		}
		if isEdge && err == io.EOF { // the last line, without a newline
			break
		}
	}
	e := p.e
	if e.Len() == 0 {
		return nil, fmt.Errorf("no edges (%d self-loop lines, %d blank or comment lines)", e.SelfLoops, e.Comments)
	}
	return e, nil
}

// edgeParser is Read's state from line to line: the edges so far, the ids
// of the names seen, and whether the lines have weights.
type edgeParser struct {
	e        *Edges
	index    map[string]int32
	weighted int // -1 until the first edge, then 1 if it had a weight, else 0
}

// line adds the edge of a line split into its fields f, or counts it as a
// comment or a self-loop; isEdge says which. Its errors leave the line
// number to the caller.
func (p *edgeParser) line(f [][]byte) (isEdge bool, err error) {
	if len(f) == 0 || f[0][0] == '#' || f[0][0] == '%' {
		p.e.Comments++
		return false, nil
	}
	w, hasW, err := p.weight(f)
	if err != nil {
		return false, err
	}
	if bytes.Equal(f[0], f[1]) {
		if !utf8.Valid(f[0]) { // refused as on any other line
			return false, invalidName(f[0])
		}
		p.e.SelfLoops++
		return false, nil
	}
	u, err := p.id(f[0])
	if err != nil {
		return false, err
	}
	v, err := p.id(f[1])
	if err != nil {
		return false, err
	}
	p.e.Pairs = append(p.e.Pairs, u, v)
	if hasW {
		p.e.Weights = append(p.e.Weights, w)
	}
	return true, nil
}

// weight checks the number of fields of an edge's line against the lines
// before it and returns its weight: the third field, if any, else 1.
func (p *edgeParser) weight(f [][]byte) (w float32, hasW bool, err error) {
	switch {
	case len(f) == 1:
		return 0, false, fmt.Errorf("one field %q; want \"u v\" or \"u v weight\"", clip(f[0]))
	case len(f) > 3:
		return 0, false, fmt.Errorf("%d fields; want \"u v\" or \"u v weight\"", len(f))
	}
	hasW = len(f) == 3
	switch {
	case p.weighted == -1 && hasW:
		p.weighted = 1
	case p.weighted == -1:
		p.weighted = 0
	case (p.weighted == 1) != hasW:
		return 0, false, fmt.Errorf("%d fields, but earlier lines have %d; weight every edge or none", len(f), 2+p.weighted)
	}
	if !hasW {
		return 1, false, nil
	}
	x, perr := strconv.ParseFloat(string(f[2]), 32)
	if perr != nil || !(x > 0) || math.IsInf(x, 0) {
		return 0, false, fmt.Errorf("weight %q is not a finite positive number", clip(f[2]))
	}
	return float32(x), true, nil
}

// id returns the id of the node named name, giving a new name the next
// one. A new name is checked once, never again on its later edges.
func (p *edgeParser) id(name []byte) (int32, error) {
	if i, ok := p.index[string(name)]; ok {
		return i, nil
	}
	if !utf8.Valid(name) {
		return 0, invalidName(name)
	}
	if len(p.e.Nodes) == math.MaxInt32 {
		return 0, errors.New("more nodes than int32 ids can number")
	}
	i := int32(len(p.e.Nodes))
	s := string(name)
	p.index[s] = i
	p.e.Nodes = append(p.e.Nodes, s)
	return i, nil
}

// ReadFile reads the edge list at path: plain, gzip or zstd, detected by
// content as corpora are, or standard input for "-".
func ReadFile(path string) (*Edges, error) {
	r, err := corpus.OpenAs(path, "edge list")
	if err != nil {
		return nil, err
	}
	defer r.Close()
	e, err := Read(r)
	if err != nil {
		return nil, fmt.Errorf("edge list %s: %w", path, err)
	}
	return e, nil
}

// Write writes e in the format Read reads: "u\tv" or "u\tv\tweight" lines.
func Write(w io.Writer, e *Edges) error {
	bw := bufio.NewWriter(w)
	for i := range e.Len() {
		bw.WriteString(e.Nodes[e.Pairs[2*i]])
		bw.WriteByte('\t')
		bw.WriteString(e.Nodes[e.Pairs[2*i+1]])
		if e.Weights != nil {
			bw.WriteByte('\t')
			bw.WriteString(strconv.FormatFloat(float64(e.Weights[i]), 'g', -1, 32))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// readLine returns the next line without its end. It returns (nil, io.EOF)
// at the end, and the last line with io.EOF when it has no newline.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		buf := append([]byte(nil), line...)
		for err == bufio.ErrBufferFull && len(buf) <= maxLine {
			line, err = br.ReadSlice('\n')
			buf = append(buf, line...)
		}
		if len(buf) > maxLine {
			return nil, fmt.Errorf("longer than %d bytes; not an edge list?", maxLine)
		}
		line = buf
	}
	if err == io.EOF && len(line) == 0 {
		return nil, io.EOF
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	return line, err
}

// split appends the fields of line separated by ASCII whitespace (and NUL,
// which no node name may hold) to dst.
func split(line []byte, dst [][]byte) [][]byte {
	i := 0
	for i < len(line) {
		for i < len(line) && isSep(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSep(line[j]) {
			j++
		}
		if j > i {
			dst = append(dst, line[i:j])
		}
		i = j
	}
	return dst
}

func isSep(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == 0
}

func invalidName(name []byte) error {
	return fmt.Errorf("node name %q is not valid UTF-8 (is the file in another encoding, such as Latin-1?)", clip(name))
}

func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}
