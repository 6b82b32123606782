package skipgram

import "github.com/wipsvec/wipsvec/skipgram/budget"

// Budget is what a run needs against what the machine has available
// (budget.Budget, the memory policy).
type Budget = budget.Budget

// NewBudget sets need, the estimate of a run on threads threads, against
// the memory available now (budget.New).
func NewBudget(need Memory, threads int) Budget { return budget.New(need, threads) }

// AvailableMemory is the memory the kernel can give without swapping
// (budget.Available).
func AvailableMemory() (int64, bool) { return budget.Available() }
