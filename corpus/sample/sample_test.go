package sample

import (
	"bufio"
	"io"
	"testing"
)

// TestSample reads the whole sample and checks it is what the package says:
// its size, its token count, and text8's alphabet (a-z and spaces).
func TestSample(t *testing.T) {
	r, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	br := bufio.NewReader(r)
	var n, tokens int
	prev := byte(' ')
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if c != ' ' && (c < 'a' || c > 'z') {
			t.Fatalf("byte %d is %q, want a-z or a space", n, c)
		}
		if c != ' ' && prev == ' ' {
			tokens++
		}
		prev = c
		n++
	}
	if n != Bytes || tokens != Tokens {
		t.Errorf("%d bytes and %d tokens, want %d and %d", n, tokens, Bytes, Tokens)
	}
}
