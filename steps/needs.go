package steps

import (
	"time"

	"github.com/podlife/podlife/pkg/driver"
)

// Need is a capability a step needs from the driver, at the step's line:
// lint warns when the scenario's tags do not name it (dsl.md, Defaults:
// "lint warns when the @needs: tag is missing"), since a driver without
// it skips the scenario.
type Need struct {
	Line int
	Cap  driver.Capability
	// What the step does that needs it, for the warning.
	What string
}

// need notes that the running step needs c.
func (pl *Plan) need(c driver.Capability, what string) {
	pl.needs = append(pl.needs, Need{Line: pl.line, Cap: c, What: what})
}

// Needs are the capabilities the steps run so far needed, in order.
func (pl *Plan) Needs() []Need { return pl.needs }

// Waits is how long the scenario's `N pass` steps wait in all: a real
// kubelet takes that long at least, which lint compares with the @slow
// tag (dsl.md, Tags: "@slow (over 60 s on a real kubelet)").
func (pl *Plan) Waits() time.Duration { return pl.waits }
