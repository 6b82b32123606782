package wordnet

import "path/filepath"

// Files are the files that Load reads from the dictionary directory dict
// and WriteClosures writes to dir, so that a caller can check them before
// any work (atomicfile.CheckOutputs).
func Files(dict, dir string) (inputs, outputs []string) {
	inputs = []string{filepath.Join(dict, "data.noun"), filepath.Join(dict, "index.noun")}
	for _, name := range ClosureFiles {
		outputs = append(outputs, filepath.Join(dir, name))
	}
	return inputs, outputs
}
