package sim

import (
	"testing"
	"time"
)

// TestRunUntilShownSeesTheBackOffsWaitingState pins RunUntilShown: the
// sync that restarts a container after its crash-loop back-off writes
// the container waiting in CrashLoopBackOff (the reason cache of the
// back-off's sync, convertToAPIContainerStatuses) before it starts it
// (SyncPod: generateAPIPodStatus, then the runtime's SyncPod, v1.36.3),
// and a kubelet shows that until its next sync; here the running state
// is written in the same instant. RunUntil, which reads after each
// instant, never sees the waiting state; RunUntilShown does, at the
// restart.
func TestRunUntilShownSeesTheBackOffsWaitingState(t *testing.T) {
	waiting := func(s *Simulator) func() bool {
		return func() bool {
			for _, cs := range s.Pod("web").Status.ContainerStatuses {
				if cs.State.Waiting != nil && cs.State.Waiting.Reason == "CrashLoopBackOff" {
					return true
				}
			}
			return false
		}
	}
	s := newSim(t, "")
	start(t, s, podOf("web", 30, nil, agent("app", exitAfter(1, time.Second))))
	if at, ok := s.RunUntil(60*time.Second, waiting(s)); ok {
		t.Fatalf("RunUntil saw CrashLoopBackOff after the instant at %s: the test no longer needs RunUntilShown", at)
	}
	s = newSim(t, "")
	start(t, s, podOf("web", 30, nil, agent("app", exitAfter(1, time.Second))))
	at, ok := s.RunUntilShown(60*time.Second, waiting(s))
	if !ok {
		t.Fatal("RunUntilShown never saw the container waiting in CrashLoopBackOff in 60 s")
	}
	// The first restart is immediate, the second waits 10 s after the
	// second exit (at 2 s), requeued up to half that later.
	if at < 12*time.Second || at > 17*time.Second {
		t.Errorf("CrashLoopBackOff shown at %s, want at the second restart (12-17 s)", at)
	}
}
