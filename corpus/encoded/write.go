package encoded

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"slices"
	"unsafe"

	"github.com/wipsvec/wipsvec/corpus"
	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/corpus/crc32c"
	"github.com/wipsvec/wipsvec/vocab"
)

// Options configures Write.
type Options struct {
	// MinCount and MaxVocab are vocab.LearnOptions' MinCount and MaxWords.
	MinCount int64
	MaxVocab int
	// Files is the number of files the text comes from, for the record.
	Files int
}

// chunkIDs is the number of ids written or rewritten at a time: 1 MB,
// enough to make a system call's cost vanish, little enough not to show
// in the peak memory of a run that trains on a mapped corpus.
const chunkIDs = 1 << 18

// Write reads the text r once and writes its encoded corpus to path. Memory
// is bounded by the vocabulary being counted and a few MB of buffers, not by
// the corpus: the ids are written as they are read, as provisional ids, and
// rewritten in place to final ids once the vocabulary is known (a pass over
// the ids, not over the text). The result equals vocab.LearnChunks' on the
// same text: tokens that are not valid UTF-8 are left out, and counted in
// Info.Invalid. The file is written through package atomicfile: it appears
// at path complete, and a failed, cancelled or killed run leaves nothing.
func Write(ctx context.Context, path string, r io.Reader, opt Options) (*Info, *vocab.Vocab, error) {
	af, err := atomicfile.Create(path)
	if err != nil {
		return nil, nil, err
	}
	defer af.Abort()
	info, v, err := WriteTo(ctx, af.OS(), r, opt)
	if err != nil {
		return nil, nil, err
	}
	return info, v, af.Commit()
}

// WriteTo is Write into f, an empty file open for reading and writing (a
// scratch file, say, that OpenFile maps next), which it leaves open.
func WriteTo(ctx context.Context, f *os.File, r io.Reader, opt Options) (_ *Info, _ *vocab.Vocab, err error) {
	text := &crcReader{r: r}
	if _, err := f.Write(make([]byte, prefixSize)); err != nil {
		return nil, nil, err
	}
	c := vocab.NewCounter(vocab.LearnOptions{MinCount: opt.MinCount, MaxWords: opt.MaxVocab})
	// A goroutine writes each full buffer of provisional ids while the
	// scanner fills the other, so that tokenizing never waits on the file.
	var (
		nprov    int64
		canceled = ctx.Done()
		full     = make(chan []int32, 1)
		free     = make(chan []int32, 2)
		werr     = make(chan error, 1)
	)
	free <- make([]int32, 0, chunkIDs)
	go func() {
		var scratch []byte
		var err error
		for ids := range full {
			if err == nil {
				var b []byte
				b, scratch = idBytes(ids, scratch)
				_, err = f.Write(b)
			}
			free <- ids[:0]
		}
		werr <- err
	}()
	err = c.Count(corpus.NewScanner(text), make([]int32, 0, chunkIDs), func(ids []int32) ([]int32, error) {
		select {
		case <-canceled:
			return nil, ctx.Err()
		default:
		}
		nprov += int64(len(ids))
		full <- ids
		return <-free, nil
	})
	close(full)
	if e := <-werr; err == nil {
		err = e
	}
	if err != nil {
		return nil, nil, err
	}
	v, remap, err := c.Finish()
	if err != nil {
		return nil, nil, err
	}

	wr, idsCRC, check, err := rewriteFinal(ctx, f, nprov, remap, int32(v.Len()))
	if err != nil {
		return nil, nil, err
	}
	info := &Info{
		Version: Version, MinCount: opt.MinCount, MaxVocab: int64(opt.MaxVocab),
		Tokens: check.tokens, Sentences: check.sentences,
		Files: opt.Files, Bytes: text.n, TextCRC: text.crc,
		Invalid: c.Invalid(),
	}
	meta := marshalMeta(info, v)
	if _, err := f.WriteAt(meta, wr); err != nil {
		return nil, nil, err
	}
	if err := f.Truncate(wr + int64(len(meta))); err != nil {
		return nil, nil, err
	}
	p := &prefix{
		version: Version, idsOff: prefixSize, ids: uint64(wr-prefixSize) / 4,
		metaOff: uint64(wr), metaLen: uint64(len(meta)),
		idsCRC: idsCRC, metaCRC: crc32c.Checksum(meta),
	}
	if _, err := f.WriteAt(p.marshal(), 0); err != nil {
		return nil, nil, err
	}
	return info, v, nil
}

// rewriteChunk is a chunk of ids on its way through rewriteFinal: read,
// remapped, written, and back to be read into again.
type rewriteChunk struct {
	ids []int32
	raw []byte // big-endian hosts only: the ids as the file has them
	out []byte // the final ids as the file stores them
	at  int64  // where the chunk was read or is to be written
	err error
}

// rewriteFinal rewrites the nprov provisional ids after the prefix to final
// ids in place, returning where they end, their checksum and their count.
// The final stream is never longer, so writing at w <= r never overwrites an
// id not yet read. Reading, remapping and writing overlap: a goroutine reads
// the chunks ahead and another writes them behind, each chunk's writeback to
// disk started as soon as it is written (startWriteback), so that the final
// fsync has little left to wait for.
func rewriteFinal(ctx context.Context, f *os.File, nprov int64, remap *vocab.Remap, words int32) (wr int64, idsCRC uint32, check idChecker, err error) {
	const inFlight = 4
	var (
		free    = make(chan *rewriteChunk, inFlight)
		read    = make(chan *rewriteChunk, inFlight)
		written = make(chan *rewriteChunk, inFlight)
		werr    = make(chan error, 1)
		stop    = make(chan struct{})
	)
	for range inFlight {
		free <- &rewriteChunk{ids: make([]int32, chunkIDs)}
	}
	go readChunks(f, prefixSize+4*nprov, free, read, stop)
	go writeChunks(f, written, free, werr)
	defer func() {
		close(stop)
		close(written)
		for range read { // let the reader finish
		}
		if e := <-werr; err == nil {
			err = e
		}
	}()

	wr = prefixSize
	check = idChecker{n: words, atEnd: true}
	for c := range read {
		if c.err != nil {
			return 0, 0, check, c.err
		}
		if err := ctx.Err(); err != nil {
			return 0, 0, check, err
		}
		if !littleEndian {
			decodeIDs(c.ids, c.raw)
		}
		c.ids = remap.Apply(c.ids[:0], c.ids)
		if err := check.check(c.ids); err != nil { // cannot fail: a bug if it does
			return 0, 0, check, fmt.Errorf("encode: %w", err)
		}
		c.out, c.raw = idBytes(c.ids, c.raw[:0])
		idsCRC = crc32c.Update(idsCRC, c.out)
		c.at = wr
		wr += int64(len(c.out))
		written <- c
	}
	return wr, idsCRC, check, nil
}

// readChunks is rewriteFinal's reader: it reads the provisional ids from
// the prefix to end into the chunks free hands it and sends them on read,
// which it closes when done, at a read error or when stop is closed.
func readChunks(f *os.File, end int64, free <-chan *rewriteChunk, read chan<- *rewriteChunk, stop <-chan struct{}) {
	defer close(read)
	for rd := int64(prefixSize); rd < end; {
		var c *rewriteChunk
		select {
		case c = <-free:
		case <-stop:
			return
		}
		n := min(4*int64(chunkIDs), end-rd)
		c.ids, c.at = c.ids[:n/4], rd
		in := asBytes(c.ids)
		if !littleEndian {
			c.raw = slices.Grow(c.raw[:0], int(n))[:n]
			in = c.raw
		}
		_, c.err = f.ReadAt(in, rd)
		rd += n
		read <- c
		if c.err != nil {
			return
		}
	}
}

// writeChunks is rewriteFinal's writer: it writes the chunks sent on
// written where they say, starts their writeback and hands them back to
// free. After the first error it only hands them back; werr gets that
// error (or nil) once written is closed.
func writeChunks(f *os.File, written <-chan *rewriteChunk, free chan<- *rewriteChunk, werr chan<- error) {
	var err error
	for c := range written {
		if err == nil {
			if _, err = f.WriteAt(c.out, c.at); err == nil {
				startWriteback(f, c.at, int64(len(c.out)))
			}
		}
		c.ids = c.ids[:cap(c.ids)]
		free <- c
	}
	werr <- err
}

// crcReader counts and checksums the text it passes on.
type crcReader struct {
	r   io.Reader
	n   int64
	crc uint32
}

func (c *crcReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.crc = crc32c.Update(c.crc, p[:n])
	return n, err
}

// idBytes returns ids as the file stores them: their own memory on a
// little-endian host, else encoded into scratch (returned for reuse).
func idBytes(ids []int32, scratch []byte) (b, scratchOut []byte) {
	if littleEndian {
		return asBytes(ids), scratch
	}
	scratch = appendIDs(scratch[:0], ids)
	return scratch, scratch
}

// asBytes is the memory of ids as bytes.
func asBytes(ids []int32) []byte {
	if len(ids) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ids))), 4*len(ids))
}

// appendIDs appends ids to b as little-endian int32s.
func appendIDs(b []byte, ids []int32) []byte {
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, uint32(id))
	}
	return b
}

// decodeIDs decodes little-endian int32s from b into ids, len(b)/4 of them.
func decodeIDs(ids []int32, b []byte) []int32 {
	ids = ids[:len(b)/4]
	for i := range ids {
		ids[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return ids
}
