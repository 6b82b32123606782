package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/encoded"
	"github.com/wipsvec/wipsvec/vocab"
)

// Where train keeps a text corpus's ids (-ids).
const (
	idsAuto   = "auto"
	idsMemory = "memory"
	idsDisk   = "disk"
)

// trainCorpus is the corpus as training sees it: a vocabulary and an id
// stream, on the heap or mapped from an encoded corpus.
type trainCorpus struct {
	v        *vocab.Vocab
	stream   [][]int32
	read     corpus.ReadStats
	minCount int64  // the min-count the vocabulary was built with
	where    string // for the log: where the ids live
	encoded  bool   // the ids are mapped from an encoded corpus
	close    func()
}

// openTrainCorpus gives training its corpus: an encoded corpus given as
// -train is mapped; text is read into memory, or, when its ids would crowd
// memory (or -ids disk), encoded into a temporary encoded corpus beside
// -output (or in $TMPDIR) that is mapped and removed as soon as it is
// mapped where the system allows, else at the end of the run, also on error
// and interrupt.
func openTrainCorpus(ctx context.Context, f *trainFlags, stderr io.Writer) (*trainCorpus, error) {
	if f.train != "-" && encoded.IsEncoded(f.train) {
		return openEncodedCorpus(f)
	}
	paths, err := textSources(f.train)
	if err != nil {
		return nil, err
	}
	disk := f.ids == idsDisk
	if f.ids == idsAuto && f.readVocab == "" {
		if need, avail, ok := idsCrowdMemory(paths); ok {
			disk = true
			logf(stderr, f.quiet, "the corpus's ids would take about %s of %s available: encoding them to disk (-ids memory to keep them in memory)\n",
				corpus.HumanBytes(need), corpus.HumanBytes(avail))
		}
	}
	if !disk {
		v, stream, read, err := loadCorpus(f, stderr)
		if err != nil {
			return nil, err
		}
		return &trainCorpus{v: v, stream: stream, read: read, minCount: f.minCount, where: "ids in memory", close: func() {}}, nil
	}
	if f.readVocab != "" {
		return nil, usageError{errors.New("train: -ids disk cannot be combined with -read-vocab")}
	}
	tmp, err := tempCorpusPath(f.output)
	if err != nil {
		return nil, err
	}
	removed := false
	remove := func() {
		if !removed {
			os.Remove(tmp)
			removed = true
		}
	}
	info, _, err := encodeText(ctx, paths, tmp,
		encoded.Options{MinCount: f.minCount, MaxVocab: f.maxVocab, Temp: true}, stderr, f.quiet)
	if err != nil {
		remove()
		return nil, err
	}
	c, err := encoded.Open(tmp)
	if err != nil {
		remove()
		return nil, err
	}
	// A mapping outlives the file's name (and the plain-read fallback no
	// longer needs the file): removing it now leaves nothing behind even if
	// the process is killed. Where a mapped file cannot be removed
	// (Windows), it is removed at the end.
	if os.Remove(tmp) == nil {
		removed = true
	}
	return &trainCorpus{
		v: c.Vocab, stream: [][]int32{c.IDs}, minCount: f.minCount, encoded: true,
		read:  corpus.ReadStats{Files: info.Files, Total: info.Files, Bytes: info.Bytes},
		where: "ids in a temporary encoded corpus, mapped",
		close: func() { c.Close(); remove() },
	}, nil
}

// openEncodedCorpus maps an encoded corpus given as -train. Its vocabulary
// is fixed: flags that would change it are refused.
func openEncodedCorpus(f *trainFlags) (*trainCorpus, error) {
	var refused []string
	for _, name := range []string{"min-count", "max-vocab", "read-vocab"} {
		if f.set[name] {
			refused = append(refused, "-"+name)
		}
	}
	if len(refused) > 0 {
		return nil, usageError{fmt.Errorf("train: %s is an encoded corpus, whose vocabulary is fixed when it is encoded: %s cannot change it (encode the text again with the flag)",
			f.train, strings.Join(refused, ", "))}
	}
	c, err := encoded.Open(f.train)
	if err != nil {
		return nil, err
	}
	where := "ids mapped from the encoded corpus"
	if !c.Mapped {
		where = "ids read from the encoded corpus"
	}
	return &trainCorpus{
		v: c.Vocab, stream: [][]int32{c.IDs}, minCount: c.Info.MinCount, encoded: true,
		read:  corpus.ReadStats{Files: c.Info.Files, Total: c.Info.Files, Bytes: c.Info.Bytes},
		where: where,
		close: func() { c.Close() },
	}, nil
}

// tempCorpusPath names a temporary encoded corpus beside output, or in the
// temporary directory when output's directory takes no more files.
func tempCorpusPath(output string) (string, error) {
	name := fmt.Sprintf(".%s.ids-%d.wvc", filepath.Base(output), os.Getpid())
	for _, dir := range []string{filepath.Dir(output), os.TempDir()} {
		p := filepath.Join(dir, name)
		if checkWritable(p) == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no writable directory for a temporary encoded corpus (tried beside %s and %s)", output, os.TempDir())
}

// idsCrowdMemory estimates the ids of the text files (4 bytes a token, a
// token per 5.5 bytes of English text, compressed files taken to hold 4
// times their size) and reports whether they would take more than a quarter
// of the memory available, with both sizes. It says false where the
// available memory is unknown.
func idsCrowdMemory(paths []string) (need, avail int64, crowd bool) {
	avail, ok := availableMemory()
	if !ok {
		return 0, 0, false
	}
	var text int64
	for _, p := range paths {
		if p == "-" {
			return 0, 0, false
		}
		fi, err := os.Stat(p)
		if err != nil {
			return 0, 0, false
		}
		n := fi.Size()
		if isCompressed(p) {
			n *= 4
		}
		text += n
	}
	need = int64(float64(text) / 5.5 * 4)
	return need, avail, need > avail/4
}

// isCompressed reports whether the file starts with gzip's or zstd's magic.
func isCompressed(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [4]byte
	n, _ := io.ReadFull(f, b[:])
	return n >= 2 && b[0] == 0x1f && b[1] == 0x8b || n == 4 && b == [4]byte{0x28, 0xb5, 0x2f, 0xfd}
}
