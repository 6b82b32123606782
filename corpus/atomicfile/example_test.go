package atomicfile_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// A command writes its vocabulary with WriteFile: a reader of vocab.txt
// sees the old file or the complete new one, never part of either, and a
// failed or killed run leaves the old file as it was and nothing beside
// it.
func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "vocab.txt")

	words := map[string]int{"the": 3, "cat": 1}
	err = atomicfile.WriteFile(path, func(w io.Writer) error {
		for _, word := range []string{"the", "cat"} {
			if _, err := fmt.Fprintln(w, word, words[word]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}

	// A write that fails leaves the file as it was.
	err = atomicfile.WriteFile(path, func(w io.Writer) error {
		fmt.Fprintln(w, "half a vocabulary")
		return fmt.Errorf("disk full")
	})
	fmt.Println("error:", err)

	b, _ := os.ReadFile(path)
	fmt.Print(string(b))
	ents, _ := os.ReadDir(dir)
	fmt.Println(len(ents), "file in the directory")
	// Output:
	// error: disk full
	// the 3
	// cat 1
	// 1 file in the directory
}
