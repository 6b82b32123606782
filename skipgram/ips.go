package skipgram

import "github.com/wipsvec/wipsvec/skipgram/embedding"

// IPS, the inner-product similarity: one vector per word,
// s(w, c) = <y_w, y_c>; WIPS with every weight 1.
const IPS Kind = "ips"

var ipsModel = modelDef{
	kind: IPS, about: "<y, y'>", views: 1, minDim: 1,
	kernels: dotKernels,
	forms:   func(*Model) []embedding.Form { return []embedding.Form{{Name: "ip"}} },
}
