package speed

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wipsvec/wipsvec/bench/experiment"
	"github.com/wipsvec/wipsvec/skipgram"
)

// A model to time may carry variants after slashes, each a train flag:
// "wips/exact" is WIPS with -batch=false -hot-rows 0 (word2vec.c's
// per-pair Hogwild), "sg/batch" with -batch, "sg/hot1024" with -hot-rows
// 1024, "sg/sync50000" with -hot-sync 50000, "sg/share1" with -share-noise
// 1, "sg/cbow" with -cbow 1 (CBOW), "sg/hs" with -hs 1 -negative 0
// (hierarchical softmax alone), and they combine: "sg/hot256/sync50000",
// "sg/cbow/hs". A later variant overrides an earlier one it contradicts
// ("sg/exact/hot64" keeps 64 hot rows), as the flags would.

// Model is one model to time, parsed once from -models: the similarity
// model with its architecture (experiment.Model: cbow, hs) and the train
// settings its other variants set. Its String is the name it was given,
// which labels its rows in the report.
type Model struct {
	experiment.Model

	Batch      bool // batch: -batch
	Exact      bool // exact: -batch=false (with HotRows 0)
	HotRows    int  // hotN, exact: -hot-rows; skipgram.DefaultHotRows: the architecture's
	HotSync    int  // syncN: -hot-sync; 0: train's default
	ShareNoise int  // shareN: -share-noise; 0: the model's own

	name string // as -models spelled it, the model's name lower-cased
}

// PlainModels are the models ks without variants.
func PlainModels(ks ...skipgram.Kind) []Model {
	ms := make([]Model, len(ks))
	for i, k := range ks {
		ms[i] = Model{Model: experiment.Model{Kind: k}, HotRows: skipgram.DefaultHotRows, name: string(k)}
	}
	return ms
}

// String is the model as -models named it: "sg", "sg/hot64", "sg/cbow".
func (m Model) String() string { return m.name }

// ParseModel reads one model of -models: a model's name (any case), then
// its variants, each after a slash.
func ParseModel(s string) (Model, error) {
	name, rest, found := strings.Cut(s, "/")
	k, err := skipgram.ParseKind(name)
	if err != nil {
		return Model{}, err
	}
	m := PlainModels(k)[0]
	if !found {
		return m, nil
	}
	m.name += "/" + rest
	for _, v := range strings.Split(rest, "/") {
		if err := m.set(v); err != nil {
			return Model{}, err
		}
	}
	return m, nil
}

// set applies one variant to m.
func (m *Model) set(v string) error {
	switch {
	case v == "batch":
		m.Batch, m.Exact = true, false
	case v == "exact":
		m.Batch, m.Exact, m.HotRows = false, true, 0
	case v == "cbow":
		m.CBOW = true
	case v == "hs":
		m.HS = true
	case strings.HasPrefix(v, "sync"):
		return setCount(&m.HotSync, v, "sync", 1, "tokens")
	case strings.HasPrefix(v, "share"):
		return setCount(&m.ShareNoise, v, "share", 1, "windows")
	case strings.HasPrefix(v, "hot"):
		return setCount(&m.HotRows, v, "hot", 0, "rows")
	default:
		return fmt.Errorf("model variant %q: want batch, exact, cbow, hs, hotN, syncN or shareN", v)
	}
	return nil
}

// setCount sets *n to the number N of variant v, prefix followed by N: at
// least least, a count of unit.
func setCount(n *int, v, prefix string, least int, unit string) error {
	x, err := strconv.Atoi(v[len(prefix):])
	if err != nil || x < least {
		return fmt.Errorf("model variant %q: want %sN with N %s", v, prefix, unit)
	}
	*n = x
	return nil
}

// Args are the train flags of m: -model and those its variants set, to
// follow the common flags (-hs sets -negative 0 after -negative).
func (m Model) Args() []string {
	args := []string{"-model", string(m.Kind)}
	switch {
	case m.Batch:
		args = append(args, "-batch")
	case m.Exact:
		args = append(args, "-batch=false")
	}
	if m.CBOW {
		args = append(args, "-cbow", "1")
	}
	if m.HS {
		args = append(args, "-hs", "1", "-negative", "0")
	}
	if m.HotRows != skipgram.DefaultHotRows {
		args = append(args, "-hot-rows", strconv.Itoa(m.HotRows))
	}
	if m.HotSync > 0 {
		args = append(args, "-hot-sync", strconv.Itoa(m.HotSync))
	}
	if m.ShareNoise > 0 {
		args = append(args, "-share-noise", strconv.Itoa(m.ShareNoise))
	}
	return args
}

// gensim is the gensim run m is compared with: gensim's skip-gram ("sg"),
// or the same architecture as m's ("sg/cbow", "sg/hs", "sg/cbow/hs"),
// whatever the similarity model.
func (m Model) gensim() Model {
	g := PlainModels(skipgram.SG)[0]
	g.Arch = m.Arch
	g.name = g.Model.String()
	return g
}

// gensimOf is the gensim run the report's row of model name is compared
// with; false if name is not a model.
func gensimOf(name string) (string, bool) {
	m, err := ParseModel(name)
	if err != nil {
		return "", false
	}
	return m.gensim().String(), true
}
