package speed

import (
	"fmt"
	"io"
	"os"

	"github.com/wipsvec/wipsvec/corpus"
)

// writePlainCorpus decompresses src into the file dst, keeping at most limit
// bytes (0: all) and cutting long lines into sentences; see plainCorpus.
// It returns the bytes written.
func writePlainCorpus(dst, src string, limit int64) (int64, error) {
	in, err := corpus.OpenArg(src)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return 0, err
	}
	n, err := plainCorpus(out, in, limit)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, fmt.Errorf("write corpus slice %s: %w", dst, err)
	}
	if n == 0 {
		return 0, fmt.Errorf("corpus %s: no text", src)
	}
	return n, nil
}

// plainCorpus copies text from src to dst. It stops at the first whitespace
// at or after limit bytes (limit <= 0: at the end), so no word is cut, and
// it ends a line after every corpus.MaxSentenceTokens-th token of a line by
// turning the whitespace after it into '\n'. That cut is where wipsvec's
// scanner ends a sentence anyway; writing it out lets gensim (whose
// corpus_file mode hands each worker whole lines) see the same sentences.
// It returns the bytes written.
func plainCorpus(dst io.Writer, src io.Reader, limit int64) (int64, error) {
	buf := make([]byte, 256<<10)
	var written int64
	inToken := false
	tokens := 0
	for {
		n, rerr := src.Read(buf)
		chunk := buf[:n]
		stop := false
		for i, c := range chunk {
			if !isSpaceByte(c) {
				inToken = true
				continue
			}
			if limit > 0 && written+int64(i) >= limit {
				chunk, stop = chunk[:i], true
				break
			}
			if inToken {
				inToken = false
				tokens++
				if tokens == corpus.MaxSentenceTokens && c != '\n' {
					chunk[i], c = '\n', '\n'
				}
			}
			if c == '\n' {
				tokens = 0
			}
		}
		if _, err := dst.Write(chunk); err != nil {
			return written, err
		}
		written += int64(len(chunk))
		if stop || rerr == io.EOF {
			return written, nil
		}
		if rerr != nil {
			return written, rerr
		}
	}
}

// isSpaceByte reports whether c separates tokens, as in corpus.Scanner.
func isSpaceByte(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}
