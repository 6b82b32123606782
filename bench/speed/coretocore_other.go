//go:build !linux

package speed

import (
	"errors"
	"time"
)

// CoreToCore is measured on Linux only, where threads can be pinned.
func CoreToCore(rounds int) (time.Duration, error) {
	return 0, errors.New("core-to-core: not measured on this system")
}
