package steps

import (
	"context"

	"github.com/podlife/podlife/pkg/timeline"
)

// showsStatusWithin is `the pod "name" shows status "<status>" within <d>`.
func showsStatusWithin(ctx context.Context, name, status, d string) error {
	span, err := slotValue[writtenSpan](d)
	if err != nil {
		return err
	}
	return declareAndRun(ctx, thePodShowsStatusWithin{podNamed{name}, status, span})
}

// containerReadyAt is `container "cname" of pod "pname" becomes ready at <at>`.
func containerReadyAt(ctx context.Context, cname, pname, at string) error {
	return declareAndRun(ctx, containerReadyIn{containerNamed{cname, pname}, timeline.Ready, at, at})
}
