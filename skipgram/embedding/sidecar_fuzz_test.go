package embedding

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadMeta reads arbitrary bytes as the JSON sidecar eval trusts to
// score vectors. Properties: no panic; an error is one line naming the
// sidecar; and a sidecar that reads writes and reads back unchanged (up to
// what WriteMeta omits: an empty lambda list).
func FuzzReadMeta(f *testing.F) {
	dir := f.TempDir()
	vectors := filepath.Join(dir, "vec.bin")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(SidecarPath(vectors), data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := ReadMeta(vectors, nil)
		if err != nil {
			if msg := err.Error(); !strings.Contains(msg, SidecarPath(vectors)) || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line naming the sidecar: %q", msg)
			}
			return
		}
		if m == nil {
			t.Fatal("ReadMeta returned neither a sidecar nor an error for an existing file")
		}
		out := filepath.Join(dir, "out.bin")
		if err := WriteMeta(SidecarPath(out), m); err != nil {
			t.Fatalf("a sidecar that reads cannot be written: %v", err)
		}
		got, err := ReadMeta(out, nil)
		if err != nil {
			t.Fatalf("a written sidecar does not read back: %v", err)
		}
		want := *m
		if len(want.Lambda) == 0 {
			want.Lambda = nil
		}
		if !reflect.DeepEqual(*got, want) {
			t.Fatalf("round trip changed the sidecar:\n%+v\n%+v", want, *got)
		}
	})
}
