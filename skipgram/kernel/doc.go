// Package kernel holds the arithmetic that training and scoring spend their
// time in: the float32 vector loops of one negative-sampling step (dot
// product, axpy, the fused pair update and the model-specific steps) and of
// a batch window (DotMany, one row against many; AxpyMany, a row plus a
// weighted sum of many, loaded and stored once), the sigmoid table they
// read the gradient from, and the random stream that draws windows,
// subsamples and negatives.
//
// The vector loops run in AVX2+FMA assembly on amd64 CPUs that have it and
// in portable Go everywhere else, and under the purego build tag; Name says
// which. The two are tested against each other. Every loop takes slices of
// equal length and checks the lengths once, so that callers in hot loops
// pay no bounds checks. The package has no state but the CPU feature flag
// read at start-up.
package kernel

// LineFloats is the number of float32 in a 64-byte cache line. Parameter
// rows padded to a multiple of it start on a line of their own, which is
// what PrefetchW assumes.
const LineFloats = 16
