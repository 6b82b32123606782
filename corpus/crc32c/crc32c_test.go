package crc32c

import (
	"hash/crc32"
	"testing"
)

// TestMatchesCastagnoli: the checksums are hash/crc32's Castagnoli ones,
// which every file written before this package was checked with, and an
// update in pieces is the checksum of the whole.
func TestMatchesCastagnoli(t *testing.T) {
	b := []byte("the quick brown fox jumps over the lazy dog")
	want := crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli))
	if got := Checksum(b); got != want {
		t.Fatalf("Checksum = %08x, want %08x", got, want)
	}
	if got := Update(Update(0, b[:10]), b[10:]); got != want {
		t.Fatalf("Update in two pieces = %08x, want %08x", got, want)
	}
	if got := Checksum([]byte("123456789")); got != 0xe3069283 {
		t.Fatalf("check value = %08x, want e3069283", got)
	}
	if Table() != Table() {
		t.Fatal("Table is not one table")
	}
}
