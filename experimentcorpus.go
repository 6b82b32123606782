package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
)

// openExperimentCorpus maps the grid's corpus. Text is encoded once into an
// encoded corpus kept beside the results file, named after what it was made
// from (the files, their sizes and times, -corpus-bytes, -min-count), so
// that the grid's every run, and every later invocation that resumes it,
// maps the same ids without tokenizing again. An encoded corpus given as
// -train is mapped as it is.
func openExperimentCorpus(ctx context.Context, f *experimentFlags, stderr io.Writer) (*encoded.Corpus, error) {
	if f.train != "-" && encoded.IsEncoded(f.train) {
		c, err := encoded.Open(f.train)
		if err != nil {
			return nil, err
		}
		switch {
		case f.corpusBytes > 0:
			c.Close()
			return nil, usageError{fmt.Errorf("experiment: -corpus-bytes cannot cut the encoded corpus %s", f.train)}
		case f.minCountSet && f.setup.MinCount != c.Info.MinCount:
			c.Close()
			return nil, usageError{fmt.Errorf("experiment: %s was encoded with -min-count %d, not %d", f.train, c.Info.MinCount, f.setup.MinCount)}
		}
		f.setup.MinCount = c.Info.MinCount
		return c, nil
	}
	paths, err := textSources(f.train)
	if err != nil {
		return nil, err
	}
	cache, err := experimentCachePath(f, paths)
	if err != nil {
		return nil, err
	}
	if cache != "" {
		if fi, err := os.Stat(filepath.Dir(cache)); err != nil || !fi.IsDir() {
			cache = "" // -list before any run: no results directory to keep it in
		}
	}
	if cache != "" {
		if c, err := encoded.Open(cache); err == nil {
			fmt.Fprintf(stderr, "corpus: mapping %s, encoded before\n", cache)
			return c, nil
		} else if !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(stderr, "corpus: encoding again: %v\n", err)
		}
	}
	path := cache
	if path == "" { // standard input, or no results directory: a temporary
		if path, err = tempCorpusPath(f.results); err != nil {
			return nil, err
		}
		defer os.Remove(path)
	}
	files, err := corpus.OpenFiles(paths)
	if err != nil {
		return nil, err
	}
	defer files.Close()
	var r io.Reader = files
	if f.corpusBytes > 0 {
		r = io.LimitReader(files, f.corpusBytes)
	}
	opt := encoded.Options{MinCount: f.setup.MinCount, Files: len(paths), Temp: cache == ""}
	if _, _, err := encoded.Write(ctx, path, r, opt); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("corpus %s: %w", describeSources(paths), err)
	}
	if cache != "" {
		fmt.Fprintf(stderr, "corpus: encoded into %s (reused by later runs; delete it freely)\n", cache)
	}
	return encoded.Open(path)
}

// experimentCachePath names the encoded corpus of the grid's text beside
// the results file, or "" for standard input.
func experimentCachePath(f *experimentFlags, paths []string) (string, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "v%d\x00%d\x00%d\x00", encoded.Version, f.corpusBytes, f.setup.MinCount)
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
			return "", fmt.Errorf("corpus %s: %w", p, unwrapPathErr(err))
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", abs, fi.Size(), fi.ModTime().UnixNano())
	}
	return filepath.Join(filepath.Dir(f.results), fmt.Sprintf("corpus-%016x.wvc", h.Sum64())), nil
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
