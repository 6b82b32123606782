// Package skipgram trains skip-gram embeddings with negative sampling under
// the general similarity models of Kim et al. (IJCAI 2019): the classic
// two-matrix skip-gram (SG), and the one-view models IPS, SIPS, IPDS, WIPS and
// hyperbolic skip-gram (HSG), with lock-free (Hogwild) workers, on a text's
// word ids or on the edges of a graph.
//
// Each model is defined once, in a file of its own (sg.go, ips.go, sips.go,
// ipds.go, wips.go, hsg.go), and listed in the table of models.go: its
// checks on the options, its initial parameters, its training kernel, its
// sidecar fields and the similarities it scores with. The rest of the
// package, and every program that trains or scores, asks the table.
//
// The trained vectors are written and read with package embedding, which
// also knows each model's similarity from the sidecar, without the trainer.
package skipgram
