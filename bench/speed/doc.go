// Package speed times training: words per second per model, size and thread
// count, each run a separate `wipsvec train` process, beside the ceiling the
// inner loop's arithmetic allows, the peak resident set, the core-to-core
// round trip Hogwild pays, and gensim on the same file. It measures speed
// only; the quality of the vectors is package eval's job.
package speed
