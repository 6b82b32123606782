package skipgram

import "flag"

// A Hyper is a hyperparameter of one model alone, declared in that model's
// file beside its check and its default: the flag that sets a field of
// Settings (its name, range and help) and whether a run that continues a
// checkpoint keeps the checkpoint's value, as it keeps the model's size.
type Hyper struct {
	Flag   string
	Fixed  bool                                // a continued run keeps the checkpoint's
	define func(fs *flag.FlagSet, s *Settings) // the flag bound to s's field, its default the field's value
}

// Define defines h's flag on fs, bound to s's field.
func (h Hyper) Define(fs *flag.FlagSet, s *Settings) { h.define(fs, s) }

// Hypers are every model's own hyperparameters, in the models' order.
func Hypers() []Hyper {
	var hs []Hyper
	for _, k := range Kinds() {
		hs = append(hs, k.def().own...)
	}
	return hs
}

// MaxDim is the largest dimension a run trains (-size) and a vectors file
// is read with.
const MaxDim = 1 << 24
