// Package checkpoint is the file format of a training checkpoint: a JSON
// header that says what the file holds and how to go on, and named binary
// sections (the parameter matrices, the vocabulary, the generators' states)
// that a reader fetches one at a time into buffers of its own, each checked
// against its checksum. It knows nothing of training: package skipgram
// decides what goes in the header and the sections.
//
// # File format, version 1
//
// All integers are little-endian.
//
//	offset  size  field
//	0       8     magic "\x89WCK\r\n\x1a\n"
//	8       4     version (1)
//	12      4     CRC-32C (Castagnoli) of the header
//	16      8     length h of the header
//	24      h     the header: JSON, with the list of sections
//	24+h    ...   the sections, in the header's order, each at its offset
//
// A section's offset is from the start of the file and a multiple of 64,
// so that a mapped or read float32 section is aligned; the bytes between
// sections are zero. The file ends exactly at the end of the last section.
//
// # Errors
//
// Open and Section return errors that wrap one of ErrNotCheckpoint,
// ErrVersion, ErrTruncated and ErrCorrupt, for errors.Is; each is one line
// naming the file.
package checkpoint

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/crc32c"
)

// Magic starts every checkpoint: a non-text byte first, and a line ending
// in the middle that catches a transfer that converts them.
const Magic = "\x89WCK\r\n\x1a\n"

// Version is the format version this package writes and reads.
const Version = 1

// The kinds of error a checkpoint that cannot be used gives.
var (
	// ErrNotCheckpoint is a file that does not start with Magic.
	ErrNotCheckpoint = errors.New("not a wipsvec checkpoint")
	// ErrVersion is a checkpoint of another format version.
	ErrVersion = errors.New("checkpoint of another format version")
	// ErrTruncated is a file shorter than its header says.
	ErrTruncated = errors.New("checkpoint truncated")
	// ErrCorrupt is a file whose bytes are wrong: a checksum that does not
	// match, a header that does not parse or does not add up.
	ErrCorrupt = errors.New("checkpoint corrupt")
)

const (
	prefixSize = 24
	align      = 64
	maxHeader  = 1 << 28 // 256 MB of JSON: far beyond any header
)

// Section is one binary part of a checkpoint. Writing, Data holds its bytes
// (Offset, Length and CRC are filled in); reading, Offset, Length and CRC
// say where it is.
type Section struct {
	Name   string `json:"name"`
	Offset int64  `json:"offset"`
	Length int64  `json:"length"`
	CRC    uint32 `json:"crc"`
	Data   []byte `json:"-"`
}

// header is the JSON header: the caller's own part and the sections.
type header struct {
	Format   string          `json:"format"`
	State    json.RawMessage `json:"state"`
	Sections []Section       `json:"sections"`
}

// Format names the header's kind, so a stray file is not read as one.
const Format = "wipsvec-checkpoint"

// Write writes a checkpoint to path: state, marshalled to JSON, as the
// header's part, and the sections in order. It writes through package
// atomicfile: the file appears at path complete, and a failure or a kill
// leaves the previous checkpoint untouched.
func Write(path string, state any, sections []Section) error {
	if err := write(path, state, sections); err != nil {
		return fmt.Errorf("write checkpoint %s: %w", path, err)
	}
	return nil
}

func write(path string, state any, sections []Section) error {
	js, err := json.Marshal(state)
	if err != nil {
		return err
	}
	h := header{Format: Format, State: js, Sections: make([]Section, len(sections))}
	seen := make(map[string]bool, len(sections))
	for i, s := range sections {
		if s.Name == "" || seen[s.Name] {
			return fmt.Errorf("section %d: empty or repeated name %q", i, s.Name)
		}
		seen[s.Name] = true
		h.Sections[i] = Section{Name: s.Name, Length: int64(len(s.Data)), CRC: crc32c.Checksum(s.Data)}
	}
	// The offsets depend on the header's length, which depends on the
	// offsets' digits: lay out until it holds still.
	var hb []byte
	for range 8 {
		off := int64(prefixSize + len(hb))
		for i := range h.Sections {
			off = (off + align - 1) / align * align
			h.Sections[i].Offset = off
			off += h.Sections[i].Length
		}
		next, err := json.Marshal(&h)
		if err != nil {
			return err
		}
		if len(next) == len(hb) {
			hb = next
			break
		}
		hb = next
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	w := bufio.NewWriterSize(f.OS(), 1<<20)
	var prefix [prefixSize]byte
	copy(prefix[:], Magic)
	binary.LittleEndian.PutUint32(prefix[8:], Version)
	binary.LittleEndian.PutUint32(prefix[12:], crc32c.Checksum(hb))
	binary.LittleEndian.PutUint64(prefix[16:], uint64(len(hb)))
	w.Write(prefix[:])
	w.Write(hb)
	at := int64(prefixSize + len(hb))
	var zero [align]byte
	for i, s := range h.Sections {
		if s.Offset < at {
			return errors.New("header layout did not settle")
		}
		w.Write(zero[:s.Offset-at])
		w.Write(sections[i].Data)
		at = s.Offset + s.Length
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Commit()
}

// File is an open checkpoint: its header is read and checked, its sections
// are read on demand.
type File struct {
	name     string
	f        *os.File
	size     int64
	state    json.RawMessage
	sections []Section
}

// Open opens the checkpoint at path and checks its header: the magic, the
// version, the header's checksum, and that every section lies within the
// file, in order and aligned.
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	c, err := open(f, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	return c, nil
}

func (c *File) errorf(kind error, format string, args ...any) error {
	return fmt.Errorf("checkpoint %s: %w: %s", c.name, kind, fmt.Sprintf(format, args...))
}

func open(f *os.File, name string) (*File, error) {
	c := &File{name: name, f: f}
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("checkpoint %s: %w: not a regular file", name, ErrNotCheckpoint)
	}
	c.size = fi.Size()
	var prefix [prefixSize]byte
	n, _ := io.ReadFull(f, prefix[:])
	switch {
	case n < len(Magic) || string(prefix[:len(Magic)]) != Magic:
		return nil, c.errorf(ErrNotCheckpoint, "no checkpoint magic bytes")
	case n < prefixSize:
		return nil, c.errorf(ErrTruncated, "%d bytes, shorter than the %d-byte prefix", n, prefixSize)
	}
	if v := binary.LittleEndian.Uint32(prefix[8:]); v != Version {
		return nil, c.errorf(ErrVersion, "format version %d, this build reads version %d", v, Version)
	}
	hlen := binary.LittleEndian.Uint64(prefix[16:])
	switch {
	case hlen > maxHeader:
		return nil, c.errorf(ErrCorrupt, "header of %d bytes", hlen)
	case int64(hlen) > c.size-prefixSize:
		return nil, c.errorf(ErrTruncated, "the header needs %d bytes, the file has %d after the prefix", hlen, c.size-prefixSize)
	}
	hb := make([]byte, hlen)
	if _, err := io.ReadFull(f, hb); err != nil {
		return nil, c.errorf(ErrTruncated, "reading the header: %v", err)
	}
	if crc32c.Checksum(hb) != binary.LittleEndian.Uint32(prefix[12:]) {
		return nil, c.errorf(ErrCorrupt, "header checksum mismatch")
	}
	var h header
	if err := json.Unmarshal(hb, &h); err != nil {
		return nil, c.errorf(ErrCorrupt, "header: %v", err)
	}
	if h.Format != Format {
		return nil, c.errorf(ErrCorrupt, "header format %q, want %q", h.Format, Format)
	}
	at := int64(prefixSize) + int64(hlen)
	seen := make(map[string]bool, len(h.Sections))
	gap := make([]byte, align)
	for _, s := range h.Sections {
		switch {
		case s.Name == "" || seen[s.Name]:
			return nil, c.errorf(ErrCorrupt, "empty or repeated section name %q", s.Name)
		case s.Offset < at || s.Offset%align != 0 || s.Offset-at >= align || s.Length < 0:
			return nil, c.errorf(ErrCorrupt, "section %s at %d, length %d: out of order or unaligned", s.Name, s.Offset, s.Length)
		case s.Offset+s.Length > c.size:
			return nil, c.errorf(ErrTruncated, "section %s ends at %d, the file at %d", s.Name, s.Offset+s.Length, c.size)
		}
		// The padding before a section is zero: no byte of the file goes
		// unchecked.
		pad := gap[:s.Offset-at]
		if _, err := f.ReadAt(pad, at); err != nil {
			return nil, c.errorf(ErrTruncated, "padding before section %s: %v", s.Name, err)
		}
		for _, b := range pad {
			if b != 0 {
				return nil, c.errorf(ErrCorrupt, "padding before section %s is not zero", s.Name)
			}
		}
		seen[s.Name] = true
		at = s.Offset + s.Length
	}
	if at != c.size {
		return nil, c.errorf(ErrCorrupt, "%d bytes after the last section", c.size-at)
	}
	c.state, c.sections = h.State, h.Sections
	return c, nil
}

// State unmarshals the header's state (what Write was given) into v.
func (c *File) State(v any) error {
	if err := json.Unmarshal(c.state, v); err != nil {
		return c.errorf(ErrCorrupt, "state: %v", err)
	}
	return nil
}

// Len is the length of section name, or -1 if there is none.
func (c *File) Len(name string) int64 {
	for _, s := range c.sections {
		if s.Name == name {
			return s.Length
		}
	}
	return -1
}

// Section reads section name into dst, whose length must be the section's,
// and checks its checksum.
func (c *File) Section(name string, dst []byte) error {
	for _, s := range c.sections {
		if s.Name != name {
			continue
		}
		if int64(len(dst)) != s.Length {
			return c.errorf(ErrCorrupt, "section %s has %d bytes, want %d", name, s.Length, len(dst))
		}
		if _, err := c.f.ReadAt(dst, s.Offset); err != nil {
			return c.errorf(ErrTruncated, "section %s: %v", name, err)
		}
		if crc32c.Checksum(dst) != s.CRC {
			return c.errorf(ErrCorrupt, "section %s checksum mismatch", name)
		}
		return nil
	}
	return c.errorf(ErrCorrupt, "no section %s", name)
}

// Close closes the file.
func (c *File) Close() error { return c.f.Close() }
