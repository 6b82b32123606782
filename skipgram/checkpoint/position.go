package checkpoint

import "time"

// Position is where a run stands when a checkpoint is written, as its
// JSON state records it: its schedule, its counters and its workers'. It is
// here, with the rest of the file's format, so that what a checkpoint
// holds reads in one package; the trainer fills it and sets its run to it.
type Position struct {
	Claims  int64         `json:"claims"` // schedule claims handed out, each one trained
	Lanes   int           `json:"lanes"`
	Blocks  int           `json:"blocks"`
	Tail    int           `json:"tail,omitempty"` // what the lanes' last blocks were cut into (hogwild.DealLanes); 0 before it was
	Words   int64         `json:"words"`          // tokens (or pairs) published to the shared counter
	Total   int64         `json:"total"`
	Elapsed time.Duration `json:"elapsed_ns"`
	Workers []Worker      `json:"workers"`
}

// Worker is a worker's own state between two blocks.
type Worker struct {
	RNG          uint64    `json:"rng"`
	Alpha        float32   `json:"alpha"`
	PendingWords int64     `json:"pending_words"`
	PendingSync  int64     `json:"pending_sync"`
	Words        int64     `json:"words"`
	Pairs        int64     `json:"pairs"`
	Epoch        int       `json:"epoch"`
	EpochLoss    float64   `json:"epoch_loss"`
	EpochPairs   float64   `json:"epoch_pairs"`
	Kernel       []float32 `json:"kernel,omitempty"` // a keeper kernel's state
}

// Ranks is where every rank of a run of several processes stands, in a
// checkpoint taken at one of their syncs, when every parameter had just
// been averaged: what each rank needs, beside the model, to go on from it
// at the same number of ranks.
type Ranks struct {
	Syncs       int64  `json:"syncs"`        // syncs made
	SyncedWords int64  `json:"synced_words"` // every rank's tokens at the last sync, summed
	SyncWords   int64  `json:"sync_words"`
	SyncRows    int    `json:"sync_rows"`
	Each        []Rank `json:"each"` // rank 0's first
}

// Rank is one rank's part of Ranks: what its share of the data is, its
// tokens at the last sync and its position.
type Rank struct {
	Corpus      Fingerprint `json:"corpus"`
	SyncedWords int64       `json:"synced_words"`
	Done        bool        `json:"done,omitempty"` // the rank has trained its whole share
	Position    Position    `json:"position"`
}
