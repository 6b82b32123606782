package embedding

import (
	"path/filepath"

	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// Meta is the JSON sidecar written beside a vectors file as <output>.json. It
// records how to score the vectors with the model's own similarity (Forms,
// and for the models that have them NegDim, Lambda and Theta) and how they
// were trained. The trainer makes it (skipgram.Result.Meta); eval, graph
// evaluation and nearest read it without knowing the models: Forms says
// what each similarity is.
type Meta struct {
	Format  string `json:"format"`  // always "wipsvec-sidecar"
	Version string `json:"version"` // trainer version
	Model   string `json:"model"`
	Dim     int    `json:"dim"`
	Words   int    `json:"words"` // rows in the vectors file

	// Forms are the similarities the model scores with, the first being
	// the one nearest and graph ranking use. Sidecars written before they
	// were recorded (trainer version 0.1) leave them out; their model's
	// similarities are then the ones that version scored with.
	Forms []Form `json:"similarities,omitempty"`

	NegDim int       `json:"neg_dim,omitempty"` // IPDS: the last q coordinates count negatively
	Lambda []float32 `json:"lambda,omitempty"`  // WIPS: the learned weights
	Theta  float64   `json:"theta,omitempty"`   // HSG: score offset

	Hyper  Hyper      `json:"hyper"`
	Plan   *Plan      `json:"plan,omitempty"` // what the trainer worked out from Hyper before it started
	Corpus CorpusInfo `json:"corpus"`
	Stats  RunStats   `json:"stats"`

	// Graph is set when the vectors embed the nodes of an edge list rather
	// than the words of a text: the rows are nodes, Corpus.Tokens counts
	// edges, and Stats count trained (directed) edges.
	Graph *GraphInfo `json:"graph,omitempty"`

	// Subwords is set when the words were trained with fastText's
	// subwords: the vectors file holds the words' composed vectors, and
	// the fastText model it names holds the n-grams' rows, from which a
	// word never seen in training gets its vector.
	Subwords *SubwordsInfo `json:"subwords,omitempty"`
}

// SubwordsInfo names the fastText model (.bin) that holds a model's
// n-gram rows, and the n-gram settings it was trained with.
type SubwordsInfo struct {
	// File is the model's path, relative to the vectors file's directory
	// unless absolute: normally a name beside the vectors.
	File string `json:"file"`
	subword.Settings
}

// SubwordsPath is where the fastText model named by m's Subwords lives,
// for the vectors file at vectorsPath; "" when m has none.
func (m *Meta) SubwordsPath(vectorsPath string) string {
	if m == nil || m.Subwords == nil {
		return ""
	}
	if filepath.IsAbs(m.Subwords.File) {
		return m.Subwords.File
	}
	return filepath.Join(filepath.Dir(vectorsPath), m.Subwords.File)
}

// GraphInfo describes the edge list a graph model was trained on.
type GraphInfo struct {
	Edges     int    `json:"edges"`
	Directed  bool   `json:"directed"`
	Weighted  bool   `json:"weighted"`
	NegDist   string `json:"neg_dist"`   // NoiseUnigram or NoiseUniform
	SelfLoops int    `json:"self_loops"` // self-loop lines skipped

	KeepLinkedNegatives bool `json:"keep_linked_negatives,omitempty"` // negatives were not filtered against the context's neighbours
}

// SidecarFormat tags the sidecar so a stray JSON file is not mistaken for one.
const SidecarFormat = "wipsvec-sidecar"

// Hyper records the training hyperparameters, with word2vec's names.
type Hyper struct {
	Window      int     `json:"window"`
	Negative    int     `json:"negative"`
	Sample      float64 `json:"sample"`
	Alpha       float64 `json:"alpha"`
	Iter        int     `json:"iter"`
	MinCount    int     `json:"min_count"`
	Threads     int     `json:"threads"`
	Seed        uint64  `json:"seed"`
	LambdaInit  string  `json:"lambda_init,omitempty"`
	LambdaAlpha float64 `json:"lambda_alpha,omitempty"`
	// LambdaStart is the start LambdaInit resolved to: "neg:Q" for the
	// spectral start, with Q found in the corpus.
	LambdaStart string `json:"lambda_start,omitempty"`
	Batch       bool   `json:"batch,omitempty"`
	// CBOW: the mean of a window's contexts predicted the centre word
	// (word2vec's -cbow 1), instead of each context apart (skip-gram).
	CBOW bool `json:"cbow,omitempty"`
	// HS: the centre word was scored by hierarchical softmax (-hs 1),
	// beside Negative noise words or alone.
	HS bool `json:"hs,omitempty"`
	// ShareNoise: how many consecutive windows shared a draw of noise
	// words, when more than one did.
	ShareNoise int `json:"share_noise,omitempty"`
	// Ranks: how many processes trained the model together (mpirun), each
	// on its share of the data with Threads threads, averaging the rows
	// of the SyncRows most frequent words (doubling) every SyncWords
	// tokens it trained; none for one process.
	Ranks     int   `json:"ranks,omitempty"`
	SyncWords int64 `json:"sync_words,omitempty"`
	SyncRows  int   `json:"sync_rows,omitempty"`
	// HotRows and HotSync: the rows each thread replicated and how often
	// (tokens) it merged them; none when one thread trained.
	HotRows int `json:"hot_rows,omitempty"`
	HotSync int `json:"hot_sync,omitempty"`
	// HotOutRows and HotOutSync: the rows the targets are drawn from each
	// thread replicated beyond HotRows, and how often (tokens) it merged
	// them: read from the sidecars of runs whose models kept replicas by
	// default; no run writes them now.
	HotOutRows int `json:"hot_out_rows,omitempty"`
	HotOutSync int `json:"hot_out_sync,omitempty"`
	// InitVectors is the vectors file (train -init FILE) the words it
	// holds started from, InitWords how many of the run's words it held.
	InitVectors string `json:"init_vectors,omitempty"`
	InitWords   int    `json:"init_words,omitempty"`
}

// CorpusInfo describes the training corpus.
type CorpusInfo struct {
	Path   string `json:"path"`
	Tokens int64  `json:"tokens"` // in-vocabulary tokens of one epoch
	Vocab  int    `json:"vocab"`
	Files  int    `json:"files,omitempty"` // files read
	Bytes  int64  `json:"bytes,omitempty"` // text bytes read (decompressed)
	// Encoded is set when the ids came from an encoded corpus file
	// (wipsvec encode), mapped rather than read into memory.
	Encoded bool `json:"encoded,omitempty"`
}

// RunStats records what the run measured.
type RunStats struct {
	WordsProcessed int64   `json:"words_processed"`
	Pairs          int64   `json:"pairs"` // positive (centre, context) pairs trained
	Seconds        float64 `json:"seconds"`
	WordsPerSec    float64 `json:"words_per_sec"`
	FinalLoss      float64 `json:"final_loss"`
}
