// Package crc32c is the project's one CRC-32C (Castagnoli) table: the
// checksum of encoded corpora, checkpoints and the fingerprints a
// checkpoint keeps of its training data. It is computed in hardware on
// amd64 and arm64, so checking a file costs little next to reading it.
//
// The checksum is the standard CRC-32C: files written with
// crc32.MakeTable(crc32.Castagnoli) before this package existed check the
// same.
package crc32c

import "hash/crc32"

// table is hash/crc32's Castagnoli table; MakeTable builds it once per
// process and hands every caller the same one.
var table = crc32.MakeTable(crc32.Castagnoli)

// Table is the CRC-32C table, for the hash/crc32 functions that take one.
func Table() *crc32.Table { return table }

// Checksum is the CRC-32C of b.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, table) }

// Update returns the CRC-32C crc extended by b.
func Update(crc uint32, b []byte) uint32 { return crc32.Update(crc, table, b) }
