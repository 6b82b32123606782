package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/wipsvec/wipsvec/bench/eval"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

const evalUsage = `usage: wipsvec eval -vectors FILE [-json] [-analogy FILE] [DATASET...]

Spearman's rho (x100) between human word-similarity judgements and the
vectors' similarities. The similarity is the model's own, read from the
sidecar FILE.json; a plain word2vec file is scored by cosine and inner
product. Pairs with an unknown word are skipped and counted (found < pairs).

A DATASET is a file (CSV ",word1,word2,similarity" or word1 word2 score)
or a name such as simlex999, looked up as NAME.csv in $WIPSVEC_EVAL,
../shared/eval, ../../shared/eval and data/eval. Default: %s.

Flags:
`

const nearestUsage = `usage: wipsvec nearest -vectors FILE [-n 10] WORD...

The words nearest to each WORD under the model's own similarity (the
first one eval reports; cosine for a plain word2vec file).

Flags:
`

// evalModel is a vectors file with its sidecar, if any.
type evalModel struct {
	path string
	vec  *embedding.Vectors
	meta *embedding.Meta // nil without a sidecar
	sims []embedding.Similarity
}

// loadEvalModel reads the vectors and their sidecar. A sidecar that does not
// match the vectors is an error: scoring with the wrong similarity would
// print plausible but wrong numbers.
func loadEvalModel(path string) (*evalModel, error) {
	v, err := embedding.ReadVectors(path)
	if err != nil {
		return nil, err
	}
	meta, err := embedding.ReadMeta(path, v)
	if err != nil {
		return nil, err
	}
	m := &evalModel{path: path, vec: v, meta: meta}
	if meta != nil {
		m.sims = meta.Similarities()
	} else {
		m.sims = (*embedding.Meta)(nil).Similarities()
	}
	return m, nil
}

func (m *evalModel) modelName() string {
	if m.meta == nil {
		return "unknown (no sidecar)"
	}
	return string(m.meta.Model)
}

func (m *evalModel) simNames() []string {
	names := make([]string, len(m.sims))
	for i, s := range m.sims {
		names[i] = s.Name
	}
	return names
}

// header is the line that says what is being evaluated.
func (m *evalModel) header() string {
	h := fmt.Sprintf("%s: model %s, dim %d, %d words; similarity %s",
		m.path, m.modelName(), m.vec.Dim, len(m.vec.Words), strings.Join(m.simNames(), ", "))
	if m.meta != nil && len(m.meta.Lambda) > 0 {
		h += "\n" + embedding.SummarizeLambda(m.meta.Lambda).String()
	}
	return h
}

// parseWithOperands parses flags that may come before, between or after the
// operands (so "eval simlex999 -vectors v.bin" works) and returns the
// operands. A "--" ends the flags as usual.
func parseWithOperands(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return operands, nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// printHelp prints a command's usage and flags to w.
func printHelp(w io.Writer, fs *flag.FlagSet, usage string) {
	fmt.Fprint(w, usage)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// runEval runs "wipsvec eval".
func runEval(args []string, stdout io.Writer) error {
	// Flag errors are returned, not printed: main prints them as one line.
	fs := newFlagSet("eval", io.Discard)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json)")
	asJSON := fs.Bool("json", false, "print the results as JSON (rho unscaled, NaN as null)")
	analogy := fs.String("analogy", "", "also run word2vec's analogy test on `FILE` (questions-words.txt or CSV; a name is looked up like a DATASET)")
	restrict := fs.Int("restrict", eval.DefaultAnalogyRestrict, "analogies: answer among this many most frequent words")
	gf := addEvalGraphFlags(fs)
	names, err := parseWithOperands(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printHelp(stdout, fs, fmt.Sprintf(evalUsage, strings.Join(eval.DefaultDatasets, ", ")))
		}
		return err
	}
	if *vectors == "" {
		return usageError{errors.New("eval: -vectors FILE is required")}
	}
	if gf.graph != "" {
		return runEvalGraph(*vectors, names, *asJSON, gf, stdout)
	}
	if len(names) == 0 {
		names = eval.DefaultDatasets
	}
	// Find every benchmark before the (slow) read of the vectors, so that a
	// typo fails at once.
	paths := make([]string, len(names))
	for i, name := range names {
		if paths[i], err = eval.ResolveDataset(name); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	analogyPath := ""
	if *analogy != "" {
		if analogyPath, err = eval.ResolveDataset(*analogy); err != nil {
			return fmt.Errorf("eval: analogies: %w", err)
		}
	}

	m, err := loadEvalModel(*vectors)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	var results []eval.Result
	for _, p := range paths {
		d, err := eval.ReadDataset(p)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		results = append(results, eval.Evaluate(m.vec, m.sims, d))
	}
	var ar *eval.AnalogyResult
	if analogyPath != "" {
		r, err := eval.EvaluateAnalogies(m.vec, analogyPath, *restrict)
		if err != nil {
			return fmt.Errorf("eval: %w", err)
		}
		ar = &r
	}
	if *asJSON {
		return printEvalJSON(stdout, m, paths, results, ar)
	}
	return printEvalTable(stdout, m, results, ar)
}

func printEvalTable(w io.Writer, m *evalModel, results []eval.Result, ar *eval.AnalogyResult) error {
	fmt.Fprintln(w, m.header())
	// Names left-aligned, numbers right-aligned: tabwriter aligns a whole
	// table one way, so widths are computed here.
	nameW := len("dataset")
	for _, r := range results {
		nameW = max(nameW, len(r.Dataset))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %6s  %6s", nameW, "dataset", "pairs", "found")
	for _, s := range m.sims {
		fmt.Fprintf(&b, "  %6s", s.Name)
	}
	b.WriteByte('\n')
	for _, r := range results {
		fmt.Fprintf(&b, "%-*s  %6d  %6d", nameW, r.Dataset, r.Pairs, r.Found)
		for _, s := range m.sims {
			fmt.Fprintf(&b, "  %*s", max(6, len(s.Name)), percent(r.Rho[s.Name]))
		}
		b.WriteByte('\n')
	}
	if ar != nil {
		fmt.Fprintf(&b, "analogies %s (3CosAdd, cosine, %d most frequent words): total %s%%, semantic %s%%, syntactic %s%%; answered %d of %d (%s%%)\n",
			ar.File, ar.Restrict, percent(ar.Total.Accuracy()), percent(ar.Semantic.Accuracy()),
			percent(ar.Syntactic.Accuracy()), ar.Total.Answered, ar.Total.Questions, percent(ar.Total.Coverage()))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// percent formats x*100 with one decimal, or "-" if x is undefined.
func percent(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*x)
}

// jsonNumber is x, or nil (null) where JSON has no number: NaN and ±Inf.
func jsonNumber(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

type evalJSON struct {
	Vectors      string           `json:"vectors"`
	Model        string           `json:"model,omitempty"` // empty without a sidecar
	Dim          int              `json:"dim"`
	Words        int              `json:"words"`
	Similarities []string         `json:"similarities"`
	Lambda       *lambdaJSON      `json:"lambda,omitempty"` // WIPS
	Results      []evalResultJSON `json:"results"`
	Analogy      *analogyJSON     `json:"analogy,omitempty"`
}

// lambdaJSON is embedding.LambdaSummary in eval -json's output.
type lambdaJSON struct {
	Negative int     `json:"negative"`
	NearZero int     `json:"near_zero"`
	Positive int     `json:"positive"`
	Min      float32 `json:"min"`
	Max      float32 `json:"max"`
}

type evalResultJSON struct {
	Dataset string              `json:"dataset"`
	File    string              `json:"file"`
	Pairs   int                 `json:"pairs"`
	Found   int                 `json:"found"`
	Rho     map[string]*float64 `json:"rho"` // Spearman, not x100
}

type analogyCountJSON struct {
	Questions int      `json:"questions"`
	Answered  int      `json:"answered"`
	Correct   int      `json:"correct"`
	Accuracy  *float64 `json:"accuracy"`
	Coverage  *float64 `json:"coverage"`
}

type analogySectionJSON struct {
	Name      string `json:"name"`
	Syntactic bool   `json:"syntactic"`
	analogyCountJSON
}

type analogyJSON struct {
	File      string               `json:"file"`
	Restrict  int                  `json:"restrict"`
	Total     analogyCountJSON     `json:"total"`
	Semantic  analogyCountJSON     `json:"semantic"`
	Syntactic analogyCountJSON     `json:"syntactic"`
	Sections  []analogySectionJSON `json:"sections"`
}

func analogyCountToJSON(c eval.AnalogyCount) analogyCountJSON {
	return analogyCountJSON{c.Questions, c.Answered, c.Correct, jsonNumber(c.Accuracy()), jsonNumber(c.Coverage())}
}

func printEvalJSON(w io.Writer, m *evalModel, paths []string, results []eval.Result, ar *eval.AnalogyResult) error {
	out := evalJSON{Vectors: m.path, Dim: m.vec.Dim, Words: len(m.vec.Words), Similarities: m.simNames(),
		Results: []evalResultJSON{}}
	if m.meta != nil {
		out.Model = string(m.meta.Model)
		if len(m.meta.Lambda) > 0 {
			s := embedding.SummarizeLambda(m.meta.Lambda)
			out.Lambda = &lambdaJSON{s.Negative, s.NearZero, s.Positive, s.Min, s.Max}
		}
	}
	for i, r := range results {
		rho := make(map[string]*float64, len(r.Rho))
		for name, x := range r.Rho {
			rho[name] = jsonNumber(x)
		}
		out.Results = append(out.Results, evalResultJSON{r.Dataset, paths[i], r.Pairs, r.Found, rho})
	}
	if ar != nil {
		a := &analogyJSON{File: ar.File, Restrict: ar.Restrict, Total: analogyCountToJSON(ar.Total),
			Semantic: analogyCountToJSON(ar.Semantic), Syntactic: analogyCountToJSON(ar.Syntactic),
			Sections: []analogySectionJSON{}}
		for _, s := range ar.Sections {
			a.Sections = append(a.Sections, analogySectionJSON{s.Name, s.Syntactic, analogyCountToJSON(s.AnalogyCount)})
		}
		out.Analogy = a
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// runNearest runs "wipsvec nearest".
func runNearest(args []string, stdout io.Writer) error {
	fs := newFlagSet("nearest", io.Discard)
	vectors := fs.String("vectors", "", "word vectors `FILE` (word2vec binary or text; sidecar FILE.json)")
	n := fs.Int("n", 10, "neighbours to list per word")
	words, err := parseWithOperands(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printHelp(stdout, fs, nearestUsage)
		}
		return err
	}
	if *vectors == "" {
		return usageError{errors.New("nearest: -vectors FILE is required")}
	}
	if len(words) == 0 {
		return usageError{errors.New("nearest: no words given; usage: wipsvec nearest -vectors FILE [-n 10] WORD...")}
	}
	if *n < 1 {
		return usageError{fmt.Errorf("nearest: -n must be at least 1, got %d", *n)}
	}
	m, err := loadEvalModel(*vectors)
	if err != nil {
		return fmt.Errorf("nearest: %w", err)
	}
	sim := m.sims[0]
	fmt.Fprintf(stdout, "%s: model %s, dim %d, %d words; similarity %s\n",
		m.path, m.modelName(), m.vec.Dim, len(m.vec.Words), sim.Name)
	if m.meta != nil && len(m.meta.Lambda) > 0 {
		fmt.Fprintln(stdout, embedding.SummarizeLambda(m.meta.Lambda))
	}
	// Print what can be printed, then report the unknown words together.
	var unknown []string
	for _, word := range words {
		nb, err := eval.Nearest(m.vec, sim, word, *n)
		if err != nil {
			unknown = append(unknown, word)
			continue
		}
		fmt.Fprintf(stdout, "\n%s:\n", word)
		tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
		for i, x := range nb {
			fmt.Fprintf(tw, "%4d\t%s\t%.4f\n", i+1, x.Word, x.Score)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("nearest: not in the vocabulary of %s: %s", m.path, strings.Join(unknown, ", "))
	}
	return nil
}
