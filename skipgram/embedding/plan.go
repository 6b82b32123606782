package embedding

// Plan records how the run trained beyond its settings (Hyper): what the
// trainer worked out before it started (skipgram.Plan). Sidecars written
// before it was recorded leave it out.
type Plan struct {
	Batch      bool   `json:"batch"`       // a window's contexts shared one draw of noise words
	ShareNoise int    `json:"share_noise"` // consecutive windows that shared a draw of noise words
	HotRows    int    `json:"hot_rows"`    // rows of each matrix every worker replicated, merged every HotSync tokens
	HotSync    int    `json:"hot_sync"`
	TargetRows int    `json:"target_rows,omitempty"` // rows the targets are drawn from each worker kept apart past HotRows (older runs; none now)
	TargetSync int    `json:"target_sync,omitempty"`
	TreeRows   int    `json:"tree_rows,omitempty"` // hierarchical softmax's inner nodes each worker replicated
	SyncWords  int    `json:"sync_words"`          // tokens between two syncs of a kernel's private copies (WIPS's lambda)
	Lanes      int    `json:"lanes"`               // regions of the data the blocks were dealt from
	Tail       int    `json:"tail,omitempty"`      // pieces each lane's last block was cut into
	Block      int    `json:"block,omitempty"`     // edges per block of a graph
	LambdaInit string `json:"lambda_init,omitempty"`
}
