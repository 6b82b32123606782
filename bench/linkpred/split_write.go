package linkpred

import (
	"io"
	"os"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	cgraph "github.com/wipsvec/wipsvec/corpus/graph"
)

// WriteSplit writes a split's training and test edges to trainPath and
// testPath, each atomically, and both or neither: a test file that cannot
// be written takes the training file with it, so that a failed split
// leaves no half of itself behind.
func WriteSplit(trainPath, testPath string, train, test *cgraph.Edges) error {
	if err := atomicfile.WriteFile(trainPath, func(w io.Writer) error { return cgraph.Write(w, train) }); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(testPath, func(w io.Writer) error { return cgraph.Write(w, test) }); err != nil {
		os.Remove(trainPath)
		return err
	}
	return nil
}
