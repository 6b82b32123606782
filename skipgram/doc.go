// Package skipgram trains skip-gram embeddings under the general
// similarity models of Kim et al. (IJCAI 2019): the classic two-matrix
// skip-gram (SG), and the one-view models IPS, SIPS, IPDS, WIPS and
// hyperbolic skip-gram (HSG), with lock-free (Hogwild) workers, on a text's
// word ids or on the edges of a graph.
//
// The package is layered. At the bottom, each model is a file of its own
// (sg.go, ips.go, sips.go, ipds.go, wips.go, hsg.go) holding a row of the
// table in model.go (a modelDef: its checks on the options, its parameter
// vectors, its kernels, its sidecar fields and the similarities it scores
// with) and its kernel for skip-gram's pairs. A kernel trains one window
// and sees only a step (package window's Step): the rows it may read and
// write, the sigmoid table, its scratch, and the targets the step draws
// for it. A
// model linear in each row says its weights to newLinear (linear.go) and
// trains under every other architecture from them: batch windows
// (batch.go), CBOW (cbow.go), hierarchical softmax and subword rows pair
// by pair (pairs.go) or in windows (subwords.go). Adding a model is a file
// and a table row (newmodel_test.go shows it).
//
// Above them, a worker (worker.go; edges.go for a graph) walks the blocks
// it claims, subsamples, shrinks the window and calls its kernel once per
// centre word; a Job (job.go) makes the run (run.go), which starts the
// workers and the checkpointer and sums what they measured. The machinery
// beneath is in subpackages: input (a text or a graph as a run's blocks),
// kernel (vector arithmetic, the sigmoid table, the random stream), hogwild
// (blocks, their schedule, the gate and its checkpointer, scratch,
// replicas, rows padded to cache lines), window (the step a kernel sees and
// the targets it draws), huffman (hierarchical softmax's tree), hyperboloid
// (HSG's geometry), linear (the linear models' arithmetic), lambda (WIPS's
// start and merge), spectrum (WIPS's spectral start), subword (fastText's
// n-grams and a word's rows), graphdata (a graph's edges, settings and
// adjacency lists), budget (the memory policy), report (progress and stats)
// and checkpoint (the file format of a snapshot).
//
// The trained vectors are written and read with package embedding, which
// also knows each model's similarity from the sidecar, without the trainer.
package skipgram
