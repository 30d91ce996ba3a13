// Package verdicts checks the engine's verdicts against the executable
// specification of the language's time rules (internal/timerules).
//
// A property test generates scenarios in the language (a pod, behaviours,
// actions, `N pass`, timed and untimed expectations, `never`, counts,
// orders, tables, state checks), runs each through the runner on the
// simulator exactly as `podlife run` would, and judges every step again
// with the specification on the timeline the simulator produced from the
// actions the scenario made. The two must agree on every verdict, and on
// where every action was made. The same scenarios run on the simulator
// dressed as a cluster whose windows have zero width (no exact time, no
// going back, zero margins and reactions): its verdicts of the timed
// expectations and state checks must reduce to the simulator's rules.
//
// A disagreement prints the scenario, the step, what the specification
// said and why, what the engine said, and the timeline.
package verdicts
