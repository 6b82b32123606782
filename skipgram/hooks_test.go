package skipgram

import "context"

// withHooks is ctx carrying h to the runs it starts.
func withHooks(ctx context.Context, h testHooks) context.Context {
	return context.WithValue(ctx, hooksKey{}, h)
}
