package experiment

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// FuzzReadResults reads arbitrary bytes as the results file `experiment`
// resumes from. Properties: no panic and no error (a bad line is skipped
// and counted, never fatal); every non-blank line is either a record or
// counted bad; and the records that read are appended to a new file and
// read back unchanged.
func FuzzReadResults(f *testing.F) {
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "results.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		recs, bad, err := ReadResults(path)
		if err != nil {
			t.Fatalf("a readable file gave an error: %v", err)
		}
		lines := 0
		for _, l := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		if len(recs)+bad != lines {
			t.Fatalf("%d records and %d bad lines from %d non-blank lines", len(recs), bad, lines)
		}
		out := filepath.Join(dir, "out.jsonl")
		os.Remove(out)
		for _, r := range recs {
			if err := AppendResult(out, r); err != nil {
				t.Fatalf("a record that reads cannot be appended: %v", err)
			}
		}
		got, bad, err := ReadResults(out)
		if err != nil || bad != 0 || len(got) != len(recs) {
			t.Fatalf("appended records read back as %d records, %d bad, error %v; want %d", len(got), bad, err, len(recs))
		}
		for i := range recs {
			want, have := canonicalRecord(recs[i]), canonicalRecord(got[i])
			if !reflect.DeepEqual(have, want) {
				t.Fatalf("record %d changed in the round trip:\n%+v\n%+v", i, want, have)
			}
			if !recs[i].Finished.Equal(got[i].Finished) {
				t.Fatalf("record %d: finished %v became %v", i, recs[i].Finished, got[i].Finished)
			}
		}
	})
}

// canonicalRecord drops the differences JSON cannot keep and no reader of
// the file sees: an empty list or map is omitted (so reads back nil), and a
// time's location is compared by instant (checked separately).
func canonicalRecord(r RunRecord) RunRecord {
	if len(r.Rho) == 0 {
		r.Rho = nil
	}
	for k, m := range r.Rho {
		if len(m) == 0 {
			r.Rho[k] = nil
		}
	}
	if len(r.Pairs) == 0 {
		r.Pairs = nil
	}
	if len(r.Found) == 0 {
		r.Found = nil
	}
	if len(r.Lambda) == 0 {
		r.Lambda = nil
	}
	if len(r.LossCurve) == 0 {
		r.LossCurve = nil
	}
	r.Finished = time.Time{}
	return r
}
