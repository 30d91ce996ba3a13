package agent

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/podlife/podlife/pkg/behavior"
)

// command runs the multi-call binary as sh, sleep, true, false or exit:
// the exec commands of behavior.ParseCommand. As PID 1 (an image
// container's command) it behaves as those programs do there: no handler
// for SIGTERM, so the signal does nothing. Otherwise (a hook or an exec
// probe) it writes its start and end to the main process's log.
func command(base string, argv []string) int {
	cmd := append([]string{base}, argv[1:]...)
	c, err := behavior.ParseCommand(cmd)
	if err != nil || c.Probe != "" {
		fmt.Fprintf(os.Stderr, "%s: %v\n", base, err)
		return 127
	}
	if os.Getpid() == 1 {
		signal.Ignore(syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
		wait(c)
		return c.Code
	}
	log := mainLog()
	log.write(Line{Ev: EvExec, Phase: "start", PID: os.Getpid(), Argv: argv})
	wait(c)
	log.write(Line{Ev: EvExec, Phase: "end", PID: os.Getpid(), Argv: argv, Code: intp(c.Code)})
	return c.Code
}

func wait(c behavior.Command) {
	if c.Forever {
		for {
			time.Sleep(time.Hour)
		}
	}
	time.Sleep(c.Duration)
}
