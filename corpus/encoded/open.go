package encoded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"

	"github.com/wipsvec/wipsvec/corpus/crc32c"
	"github.com/wipsvec/wipsvec/vocab"
)

// Corpus is an open encoded corpus.
type Corpus struct {
	Info  Info
	Vocab *vocab.Vocab
	// IDs is the stream of word ids, vocab.SentenceEnd between sentences.
	// When Mapped, it lies in a read-only mapping of the file: writing to it
	// faults, and it is valid only until Close.
	IDs    []int32
	Mapped bool

	release func() error
}

// Close releases the mapping. IDs must not be used after it.
func (c *Corpus) Close() error {
	c.IDs = nil
	return releaseOnce(&c.release)
}

// releaseOnce calls *release, if set, and clears it.
func releaseOnce(release *func() error) error {
	if *release == nil {
		return nil
	}
	err := (*release)()
	*release = nil
	return err
}

// IsEncoded reports whether the file at path starts with Magic.
func IsEncoded(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [len(Magic)]byte
	_, err = io.ReadFull(f, b[:])
	return err == nil && string(b[:]) == Magic
}

// Open maps the encoded corpus at path (or reads it, where mapping is not
// available) and checks all of it: the checksums of the header, metadata
// and ids, and that every id names a vocabulary word. Checking reads the
// whole file once, at the speed of reading it; training reads it again
// from the page cache. Errors are one line naming the path, and say
// whether the file is truncated, corrupt or of another version; errors.Is
// tells their kind (ErrNotEncoded, ErrVersion, ErrTruncated, ErrCorrupt and
// its kinds: see the package doc).
func Open(path string) (*Corpus, error) {
	c, err := open(path)
	return c, openError(path, err)
}

// OpenFile is Open of a file already open for reading, such as a scratch
// file that has no name; name is for the errors. The mapping outlives f,
// which the caller closes.
func OpenFile(f *os.File, name string) (*Corpus, error) {
	c, err := openFile(f)
	return c, openError(name, err)
}

// openError is an error of Open as one line naming the file, or nil.
func openError(name string, err error) error {
	if err == nil {
		return nil
	}
	var fe *formatError
	if errors.As(err, &fe) || errors.Is(err, ErrNotEncoded) {
		return fmt.Errorf("encoded corpus %s: %w", name, err)
	}
	return fmt.Errorf("encoded corpus %s: %w", name, unwrapPath(err))
}

func open(path string) (*Corpus, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return openFile(f)
}

func openFile(f *os.File) (*Corpus, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, errors.New("is a directory")
	}
	size := fi.Size()
	head := make([]byte, min(size, prefixSize))
	if _, err := io.ReadFull(f, head); err != nil {
		return nil, err
	}
	if _, err := parsePrefix(head, size); err != nil {
		return nil, err
	}
	data, release, mapped, err := mapFile(f, size)
	if err != nil {
		return nil, err
	}
	c, err := parse(data)
	if err != nil {
		release()
		return nil, err
	}
	c.release, c.Mapped = release, mapped
	return c, nil
}

// parse checks a whole encoded corpus held in data and returns it with IDs
// over data itself where the host is little-endian and data is aligned,
// else over a decoded copy.
func parse(data []byte) (*Corpus, error) {
	p, err := parsePrefix(data[:min(len(data), prefixSize)], int64(len(data)))
	if err != nil {
		return nil, err
	}
	meta := data[p.metaOff : p.metaOff+p.metaLen]
	if crc32c.Checksum(meta) != p.metaCRC {
		return nil, corrupt(ErrChecksum, "metadata checksum mismatch")
	}
	info, v, err := parseMeta(meta)
	if err != nil {
		return nil, err
	}
	raw := data[p.idsOff:p.metaOff]
	var ids []int32
	if littleEndian && uintptr(unsafe.Pointer(&raw[0]))%4 == 0 {
		ids = unsafe.Slice((*int32)(unsafe.Pointer(&raw[0])), len(raw)/4)
	} else {
		ids = decodeIDs(make([]int32, len(raw)/4), raw)
	}
	// Checksum and check the ids a piece at a time, while the piece is in
	// the cache.
	var (
		crc   uint32
		check = idChecker{n: int32(v.Len()), atEnd: true}
	)
	for i := 0; i < len(ids); i += chunkIDs {
		j := min(i+chunkIDs, len(ids))
		crc = crc32c.Update(crc, raw[4*i:4*j])
		if err := check.check(ids[i:j]); err != nil {
			if crc32c.Update(crc, raw[4*j:]) != p.idsCRC {
				return nil, corrupt(ErrChecksum, "ids checksum mismatch")
			}
			return nil, err
		}
	}
	if crc != p.idsCRC {
		return nil, corrupt(ErrChecksum, "ids checksum mismatch")
	}
	if check.tokens != info.Tokens || check.sentences != info.Sentences {
		return nil, corrupt(ErrCounts, "%d tokens and %d sentence ends, the header says %d and %d",
			check.tokens, check.sentences, info.Tokens, info.Sentences)
	}
	return &Corpus{Info: *info, Vocab: v, IDs: ids}, nil
}

// littleEndian is whether the host stores int32s as the file does, so the
// mapped bytes can be used as ids without decoding.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// unwrapPath drops the operation and path an *os.PathError repeats.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
