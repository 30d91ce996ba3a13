package steps

import "github.com/podlife/podlife/pkg/driver"

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
func (st *State) need(c driver.Capability, what string) {
	st.needs = append(st.needs, Need{Line: st.stepLine, Cap: c, What: what})
}

// Needs are the capabilities the steps run so far needed, in order.
func (st *State) Needs() []Need { return st.needs }
