package encoded

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/vocab"
)

// Placement says where Load keeps a text corpus's ids while training.
type Placement string

// The placements of LoadOptions.IDs.
const (
	// Auto is Disk when the ids would take more than a quarter of
	// LoadOptions.Memory, else Memory.
	Auto Placement = "auto"
	// Memory holds the ids on the heap, 4 bytes a token.
	Memory Placement = "memory"
	// Disk encodes the text into a scratch encoded corpus and maps it: the
	// ids are file-backed memory that the kernel can drop and read again.
	Disk Placement = "disk"
)

// ParsePlacement returns the Placement named s.
func ParsePlacement(s string) (Placement, error) {
	switch p := Placement(s); p {
	case Auto, Memory, Disk:
		return p, nil
	}
	return "", fmt.Errorf("ids placement must be %s, %s or %s, got %q", Auto, Memory, Disk, s)
}

// LoadOptions configures Load.
type LoadOptions struct {
	// MinCount and MaxVocab are vocab.LearnOptions' MinCount and MaxWords,
	// for text.
	MinCount int64
	MaxVocab int
	// Vocab, if set, is the vocabulary to encode text with instead of
	// counting it (word2vec's -read-vocab); its words below MinCount are
	// dropped. The ids then stay in memory.
	Vocab *vocab.Vocab
	// IDs says where a text corpus's ids live (default Auto).
	IDs Placement
	// Memory is the memory available, in bytes, for Auto; 0 means unknown,
	// and the ids stay in memory.
	Memory int64
	// ScratchDirs are the directories a scratch encoded corpus may be
	// written to, in order of preference (default: the temporary
	// directory); see Scratch.
	ScratchDirs []string
	// Progress, if set, is called about once a second while text is read,
	// with what has been read so far.
	Progress func(corpus.ReadStats)

	// Part, when it has several, is the share of the corpus this process
	// trains on (corpus.OpenPart; of an encoded corpus, a range of its
	// tokens): its ids are held in memory. Merge then makes the run's
	// vocabulary from the words of this part, each counted from 1 (the
	// sum of every part's counts, cut at MinCount: the same on every
	// process), and the part is encoded with it.
	Part  corpus.Part
	Merge func(part *vocab.Vocab) (*vocab.Vocab, error)
}

// Loaded is a corpus ready to train on: its vocabulary and its word ids,
// in memory or mapped from an encoded corpus.
type Loaded struct {
	Vocab    *vocab.Vocab
	IDs      [][]int32 // the stream in chunks, vocab.SentenceEnd between sentences
	Tokens   int64     // in-vocabulary tokens of one epoch
	MinCount int64     // the count the vocabulary was cut at
	Read     corpus.ReadStats
	Info     *Info  // the encoded corpus's record, when the ids come from one (else nil)
	Where    string // where the ids live, for a log line
	// Invalid counts the tokens of the text left out for not being valid
	// UTF-8 (see vocab.InvalidUTF8).
	Invalid vocab.InvalidUTF8
	// Crowded is set when Auto chose Disk: the ids' estimated size and the
	// memory available.
	Crowded struct{ Need, Available int64 }

	release func() error
}

// Close releases the ids: the mapping and any scratch file. IDs must not
// be used after it.
func (l *Loaded) Close() error {
	l.IDs = nil
	return releaseOnce(&l.release)
}

// Load gives training its corpus from sources, as corpus.Expand lists
// them. One encoded corpus is mapped as it is (its vocabulary is fixed:
// opt's vocabulary settings do not apply). Text is read once: the words are
// counted (or looked up in opt.Vocab) and the text encoded to ids in the
// same pass, into memory or, by opt.IDs, into a scratch encoded corpus that
// is mapped and leaves nothing behind. A cancelled ctx stops the reading
// with ctx's error.
func Load(ctx context.Context, sources []string, opt LoadOptions) (*Loaded, error) {
	if len(sources) == 1 && sources[0] != "-" && IsEncoded(sources[0]) {
		c, err := Open(sources[0])
		if err != nil {
			return nil, err
		}
		where := "ids mapped from the encoded corpus"
		if !c.Mapped {
			where = "ids read from the encoded corpus"
		}
		l := fromCorpus(c, where, c.Close)
		if err := l.keepPart(opt.Part); err != nil {
			l.Close()
			return nil, err
		}
		return l, nil
	}
	if err := checkText(sources); err != nil {
		return nil, err
	}
	place := opt.IDs
	if place == "" {
		place = Auto
	}
	if opt.Part.Of > 1 {
		if place == Disk {
			return nil, fmt.Errorf("ids on disk cannot be shared among %d processes: each holds its part's in memory", opt.Part.Of)
		}
		place = Memory
	}
	var crowded struct{ Need, Available int64 }
	if place == Auto {
		place = Memory
		if need, ok := idsSize(sources); ok && opt.Vocab == nil && opt.Memory > 0 && need > opt.Memory/4 {
			place, crowded.Need, crowded.Available = Disk, need, opt.Memory
		}
	}
	if place == Disk {
		if opt.Vocab != nil {
			return nil, errors.New("a vocabulary read from a file keeps the ids in memory; it cannot be combined with ids on disk")
		}
		l, err := loadScratch(ctx, sources, opt)
		if err != nil {
			return nil, err
		}
		l.Crowded = crowded
		return l, nil
	}
	return loadMemory(ctx, sources, opt)
}

// fromCorpus is the Loaded of an open encoded corpus.
func fromCorpus(c *Corpus, where string, release func() error) *Loaded {
	return &Loaded{
		Vocab: c.Vocab, IDs: [][]int32{c.IDs}, Tokens: c.Info.Tokens, MinCount: c.Info.MinCount,
		Read: corpus.ReadStats{Files: c.Info.Files, Total: c.Info.Files, Bytes: c.Info.Bytes},
		Info: &c.Info, Where: where, release: release,
	}
}

// loadMemory reads the text into memory as word ids, in chunks that are
// never joined into one array.
func loadMemory(ctx context.Context, sources []string, opt LoadOptions) (_ *Loaded, err error) {
	files, err := corpus.OpenPart(sources, opt.Part)
	if err != nil {
		return nil, err
	}
	defer files.Close()
	sc := corpus.NewScanner(watch(ctx, files, opt.Progress))
	l := &Loaded{MinCount: opt.MinCount, Where: "ids in memory"}
	if opt.Vocab != nil {
		if l.Vocab, err = opt.Vocab.Prune(opt.MinCount); err != nil || l.Vocab.Len() == 0 {
			return nil, fmt.Errorf("vocabulary is empty after -min-count %d", opt.MinCount)
		}
		stream, err := vocab.Encode(sc, l.Vocab)
		if err != nil {
			return nil, textError(ctx, sources, err)
		}
		l.IDs = [][]int32{stream}
	} else {
		var st vocab.LearnStats
		learn := vocab.LearnOptions{MinCount: opt.MinCount, MaxWords: opt.MaxVocab}
		if opt.Merge != nil {
			learn.MinCount = 1
		}
		l.Vocab, l.IDs, st, err = vocab.LearnChunksStats(sc, learn)
		switch {
		case opt.Merge != nil && st.Tokens == 0 && ctx.Err() == nil:
			// An empty part: Merge says so to every process alike.
			l.Vocab, _ = vocab.New(nil, nil)
		case err != nil:
			return nil, textError(ctx, sources, err)
		}
		l.Invalid = st.Invalid
		if opt.Merge != nil {
			part := l.Vocab
			if l.Vocab, err = opt.Merge(part); err != nil {
				return nil, err
			}
			l.IDs = vocab.Retarget(part, l.Vocab, l.IDs)
		}
	}
	l.Read = files.Stats()
	l.Tokens = vocab.CountWords(l.IDs)
	return l, nil
}

// keepPart keeps part p of an encoded corpus's tokens: from p.Rank/p.Of of
// them to (p.Rank+1)/p.Of.
func (l *Loaded) keepPart(p corpus.Part) error {
	if p.Of <= 1 {
		return nil
	}
	ids := l.IDs[0]
	for r := range p.Of { // every part's, so that each process refuses alike
		if vocab.CountWords([][]int32{ids[len(ids)*r/p.Of : len(ids)*(r+1)/p.Of]}) == 0 {
			return fmt.Errorf("%w: part %d of %d of the encoded corpus would hold no word", corpus.ErrEmptyPart, r+1, p.Of)
		}
	}
	l.IDs = [][]int32{ids[len(ids)*p.Rank/p.Of : len(ids)*(p.Rank+1)/p.Of]}
	l.Tokens = vocab.CountWords(l.IDs)
	return nil
}

// loadScratch encodes the text into a scratch encoded corpus and maps it.
// The scratch file never has a name that outlives the process
// (atomicfile.Scratch), so nothing is left behind whatever ends it.
func loadScratch(ctx context.Context, sources []string, opt LoadOptions) (*Loaded, error) {
	f, err := Scratch(opt.ScratchDirs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, _, err := encodeFiles(ctx, sources, opt.Progress, func(r io.Reader) (*Info, *vocab.Vocab, error) {
		return WriteTo(ctx, f, r, Options{MinCount: opt.MinCount, MaxVocab: opt.MaxVocab, Files: len(sources)})
	})
	if err != nil {
		return nil, err
	}
	c, err := OpenFile(f, "(scratch)")
	if err != nil {
		return nil, err
	}
	l := fromCorpus(c, "ids in a scratch encoded corpus, mapped", c.Close)
	l.Invalid = info.Invalid
	return l, nil
}

// Scratch returns an empty scratch file for an encoded corpus in the first
// of dirs that takes one (the temporary directory when dirs is empty): it is
// gone when the process ends, whatever ends it (atomicfile.Scratch).
func Scratch(dirs []string) (*os.File, error) {
	if len(dirs) == 0 {
		dirs = []string{os.TempDir()}
	}
	var errs []error
	for _, dir := range dirs {
		f, err := atomicfile.Scratch(dir)
		if err == nil {
			return f, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("no directory takes a scratch encoded corpus: %w", errors.Join(errs...))
}

// EncodeFiles encodes the text files at paths into an encoded corpus at
// path (Write), calling progress about once a second with what has been
// read.
func EncodeFiles(ctx context.Context, paths []string, path string, opt Options, progress func(corpus.ReadStats)) (*Info, *vocab.Vocab, error) {
	opt.Files = len(paths)
	return encodeFiles(ctx, paths, progress, func(r io.Reader) (*Info, *vocab.Vocab, error) {
		return Write(ctx, path, r, opt)
	})
}

// encodeFiles opens the text files and hands them to write as one reader.
func encodeFiles(ctx context.Context, paths []string, progress func(corpus.ReadStats), write func(io.Reader) (*Info, *vocab.Vocab, error)) (*Info, *vocab.Vocab, error) {
	if err := checkText(paths); err != nil {
		return nil, nil, err
	}
	files, err := corpus.OpenFiles(paths)
	if err != nil {
		return nil, nil, err
	}
	defer files.Close()
	info, v, err := write(watch(ctx, files, progress))
	if err != nil {
		return nil, nil, textError(ctx, paths, err)
	}
	return info, v, nil
}

// checkText refuses an encoded corpus among text sources: it would
// otherwise be read as text and fail on its first NUL byte.
func checkText(paths []string) error {
	for _, p := range paths {
		if p != "-" && IsEncoded(p) {
			return fmt.Errorf("%s is an encoded corpus: give it alone as the corpus, not among text sources", p)
		}
	}
	return nil
}

// textError names the sources in an error from reading them, or returns
// ctx's error when the reading was cancelled.
func textError(ctx context.Context, paths []string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	name := paths[0]
	if len(paths) > 1 {
		name = fmt.Sprintf("%s and %d more files", paths[0], len(paths)-1)
	}
	return fmt.Errorf("corpus %s: %w", name, err)
}

// idsSize estimates the ids of the text files: 4 bytes a token, a token per
// 5.5 bytes of English text, compressed files taken to hold 4 times their
// size. It says false for standard input or a file it cannot stat.
func idsSize(paths []string) (int64, bool) {
	var text int64
	for _, p := range paths {
		if p == "-" {
			return 0, false
		}
		fi, err := os.Stat(p)
		if err != nil {
			return 0, false
		}
		n := fi.Size()
		if kind, _ := corpus.Compression(p); kind != "" {
			n *= 4
		}
		text += n
	}
	return int64(float64(text) / 5.5 * 4), true
}

// watched passes text on, stopping when its context is cancelled and
// reporting what the files have read about once a second.
type watched struct {
	ctx      context.Context
	files    *corpus.Files
	progress func(corpus.ReadStats)
	last     time.Time
}

func watch(ctx context.Context, files *corpus.Files, progress func(corpus.ReadStats)) io.Reader {
	return &watched{ctx: ctx, files: files, progress: progress, last: time.Now()}
}

func (w *watched) Read(p []byte) (int, error) {
	if err := w.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := w.files.Read(p)
	if w.progress != nil {
		if now := time.Now(); now.Sub(w.last) >= time.Second {
			w.last = now
			w.progress(w.files.Stats())
		}
	}
	return n, err
}
