package experiment

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/vocab"
)

// CorpusOptions says which text a grid trains on and where its encoded
// corpus is kept between invocations.
type CorpusOptions struct {
	// Limit reads only the first Limit bytes of the (decompressed) text;
	// 0 reads all of it.
	Limit int64
	// MinCount is the vocabulary's -min-count; 0 means vocab's default for
	// text, and whatever an encoded corpus was made with.
	MinCount int64
	// CacheDir is where the text's encoded corpus is kept, named after
	// what it was made from; "" encodes into a scratch file instead.
	CacheDir string
	// Progress, if set, is called about once a second while text is read.
	Progress func(corpus.ReadStats)
	// Log, if set, gets a line saying whether the corpus was encoded or
	// found encoded before.
	Log io.Writer
}

// OpenCorpus maps the grid's corpus. Text is encoded once into an encoded
// corpus in opt.CacheDir, named after what it was made from (the files,
// their sizes and times, Limit, MinCount), so that the grid's every run, and
// every later invocation that resumes it, maps the same ids without
// tokenizing again. An encoded corpus given as the only source is mapped as
// it is.
func OpenCorpus(ctx context.Context, sources []string, opt CorpusOptions) (*encoded.Corpus, error) {
	if len(sources) == 1 && sources[0] != "-" && encoded.IsEncoded(sources[0]) {
		c, err := encoded.Open(sources[0])
		if err != nil {
			return nil, err
		}
		switch {
		case opt.Limit > 0:
			c.Close()
			return nil, fmt.Errorf("-corpus-bytes cannot cut the encoded corpus %s", sources[0])
		case opt.MinCount > 0 && opt.MinCount != c.Info.MinCount:
			c.Close()
			return nil, fmt.Errorf("%s was encoded with -min-count %d, not %d", sources[0], c.Info.MinCount, opt.MinCount)
		}
		return c, nil
	}
	minCount := opt.MinCount
	if minCount == 0 {
		minCount = vocab.DefaultMinCount
	}
	cache := ""
	if opt.CacheDir != "" {
		var err error
		if cache, err = cachePath(opt.CacheDir, sources, opt.Limit, minCount); err != nil {
			return nil, err
		}
	}
	if cache != "" {
		if c, err := encoded.Open(cache); err == nil {
			logf(opt.Log, "corpus: mapping %s, encoded before\n", cache)
			return c, nil
		} else if !errors.Is(err, os.ErrNotExist) {
			logf(opt.Log, "corpus: encoding again: %v\n", err)
		}
	}
	files, err := corpus.OpenFiles(sources)
	if err != nil {
		return nil, err
	}
	defer files.Close()
	var r io.Reader = files
	if opt.Limit > 0 {
		r = io.LimitReader(files, opt.Limit)
	}
	r = &progressReader{r: r, files: files, progress: opt.Progress}
	wopt := encoded.Options{MinCount: minCount, Files: len(sources)}
	if cache == "" { // standard input, or no cache: a scratch file
		f, err := encoded.Scratch(nil)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if _, _, err := encoded.WriteTo(ctx, f, r, wopt); err != nil {
			return nil, corpusError(ctx, sources, err)
		}
		return encoded.OpenFile(f, "(scratch)")
	}
	if _, _, err := encoded.Write(ctx, cache, r, wopt); err != nil {
		return nil, corpusError(ctx, sources, err)
	}
	logf(opt.Log, "corpus: encoded into %s (reused by later runs; delete it freely)\n", cache)
	return encoded.Open(cache)
}

// corpusError names the corpus in an error from encoding it, or returns
// ctx's error when the encoding was cancelled.
func corpusError(ctx context.Context, sources []string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("corpus %s: %w", sources[0], err)
}

// cachePath names the encoded corpus of the text in dir, or "" for
// standard input.
func cachePath(dir string, paths []string, limit, minCount int64) (string, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "v%d\x00%d\x00%d\x00", encoded.Version, limit, minCount)
	for _, p := range paths {
		if p == "-" {
			return "", nil
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		fi, err := os.Stat(p)
		if err != nil {
			return "", fmt.Errorf("corpus %s: %w", p, unwrapPathError(err))
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", abs, fi.Size(), fi.ModTime().UnixNano())
	}
	return filepath.Join(dir, fmt.Sprintf("corpus-%016x.wvc", h.Sum64())), nil
}

// progressReader reports the files' progress about once a second while r
// is read.
type progressReader struct {
	r        io.Reader
	files    *corpus.Files
	progress func(corpus.ReadStats)
	last     time.Time
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if now := time.Now(); p.progress != nil && now.Sub(p.last) >= time.Second {
		p.last = now
		p.progress(p.files.Stats())
	}
	return n, err
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
