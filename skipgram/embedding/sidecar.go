package embedding

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strings"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// SidecarPath returns where the sidecar of a vectors file lives: beside it,
// with ".json" appended, so "vec.bin" gets "vec.bin.json" and a text and a
// binary file of the same run do not share one.
func SidecarPath(vectorsPath string) string {
	return vectorsPath + ".json"
}

// WriteMeta writes m as indented JSON to path, which is the sidecar's own
// path, normally SidecarPath(vectorsPath). Because passing the vectors path
// by mistake would replace the vectors with JSON, a path not ending in
// ".json" is refused. An empty Format is filled in (in the file, not in m).
// The write is atomic like WriteVectors. A Meta that could not
// describe any vectors file (unknown model, IPDS neg_dim outside (0, dim),
// WIPS lambda of the wrong length...) is refused so that the mistake shows up
// when training ends, not when eval runs.
func WriteMeta(path string, m *Meta) error {
	data, err := m.marshal(path)
	if err != nil {
		return err
	}
	err = atomicfile.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if err != nil {
		return fmt.Errorf("write sidecar %s: %w", path, err)
	}
	return nil
}

// marshal is the sidecar file of m at path, checked.
func (m *Meta) marshal(path string) ([]byte, error) {
	if !strings.HasSuffix(path, ".json") {
		return nil, fmt.Errorf("write sidecar %s: path does not end in .json (use SidecarPath(vectorsPath))", path)
	}
	if m == nil {
		return nil, fmt.Errorf("write sidecar %s: nil meta", path)
	}
	out := *m
	if out.Format == "" {
		out.Format = SidecarFormat
	}
	if err := out.check(); err != nil {
		return nil, fmt.Errorf("write sidecar %s: %w", path, err)
	}
	data, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("write sidecar %s: %w", path, err)
	}
	return append(data, '\n'), nil
}

// ReadMeta reads the sidecar of the vectors file at vectorsPath. It returns
// (nil, nil) if there is none: plain word2vec files are scored by cosine and
// inner product (see Meta.Similarities, which a nil *Meta answers). If v is not nil the sidecar must
// describe it (same dimension and word count), because scoring vectors with
// another model's similarity would silently produce wrong numbers.
func ReadMeta(vectorsPath string, v *Vectors) (*Meta, error) {
	path := SidecarPath(vectorsPath)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read sidecar: %w", err)
	}
	var m Meta
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("read sidecar %s: %w", path, err)
	}
	if m.Format != SidecarFormat {
		return nil, fmt.Errorf("read sidecar %s: format %q, want %q; not a wipsvec sidecar", path, m.Format, SidecarFormat)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("read sidecar %s: %w", path, err)
	}
	if v != nil {
		if m.Dim != v.Dim {
			return nil, fmt.Errorf("read sidecar %s: dim %d, but %s has dimension %d; sidecar of another file?", path, m.Dim, vectorsPath, v.Dim)
		}
		if m.Words != len(v.Words) {
			return nil, fmt.Errorf("read sidecar %s: words %d, but %s has %d; sidecar of another file?", path, m.Words, vectorsPath, len(v.Words))
		}
	}
	return &m, nil
}

// check reports whether m is self-consistent: a model with the parameters
// its similarities need.
func (m *Meta) check() error {
	switch {
	case m.Dim < 1:
		return fmt.Errorf("dim %d: want at least 1", m.Dim)
	case m.Words < 0:
		return fmt.Errorf("words %d: want at least 0", m.Words)
	case m.Lambda != nil && len(m.Lambda) != m.Dim:
		return fmt.Errorf("lambda has %d weights, want dim=%d", len(m.Lambda), m.Dim)
	}
	for i, l := range m.Lambda {
		if f := float64(l); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("lambda[%d] is %v", i, l)
		}
	}
	if sw := m.Subwords; sw != nil {
		switch err := sw.Validate(); {
		case err != nil:
			return fmt.Errorf("subwords: %w", err)
		case !sw.Enabled():
			return errors.New("subwords: maxn 0: a model without n-grams names no subword file")
		case sw.File == "":
			return errors.New("subwords: no file named")
		}
	}
	if len(m.Forms) == 0 {
		_, err := legacyForms(m)
		return err
	}
	if m.Model == "" {
		return errors.New("no model named")
	}
	for _, f := range m.Forms {
		if err := f.Check(m.Dim); err != nil {
			return err
		}
	}
	return nil
}

// Architecture names how the run composed its contexts and scored its
// centre words where that is not skip-gram with negative sampling, the
// default: "CBOW", "hierarchical softmax", "CBOW, hierarchical softmax",
// each with "and negative sampling" when hierarchical softmax had noise
// words beside it. It is "" for the default.
func (h Hyper) Architecture() string {
	var parts []string
	if h.CBOW {
		parts = append(parts, "CBOW")
	}
	if h.HS {
		hs := "hierarchical softmax"
		if h.Negative > 0 {
			hs += " and negative sampling"
		}
		parts = append(parts, hs)
	}
	return strings.Join(parts, ", ")
}

// StartedLambda says how WIPS's lambda started: LambdaInit as given, and
// what it resolved to where that differs ("spectral -> neg:3").
func (h Hyper) StartedLambda() string {
	if h.LambdaStart == h.LambdaInit {
		return h.LambdaInit
	}
	return h.LambdaInit + " -> " + h.LambdaStart
}
